#!/usr/bin/env bash
# Brings the gettext catalogues up to date with the source (DEVELOPERS.md, "Translations"):
# extracts every message into the templates (.pot), merges them into each language's .po,
# then compiles the .mo files the app reads. Translate the new entries of the .po files (an
# untranslated or fuzzy entry fails tests/test_translations.py) and run it again.
set -euo pipefail
cd "$(dirname "$0")/.."
T=service/translations
# Sorted, without line numbers: a change elsewhere in a file does not touch the catalogues.
common=(--project=Touchline --sort-output --add-location=file --no-wrap)

# The pages and the command line: gettext's usual keywords (_, gettext, ngettext, lazy_gettext).
pybabel -q extract -F babel.cfg "${common[@]}" -o "$T/messages.pot" cli web service schemas domain
# What the rules say: the domain's `phrase(...)` calls (domain/phrase.py), and the service's
# refusals that are phrases too (an unknown match or league, a stale version); with the
# templates of other code's English said as phrases (`phrase_template`: TOML's reader).
pybabel -q extract -F babel.cfg "${common[@]}" --no-default-keywords -k phrase -k phrase_template \
  -o "$T/rules.pot" domain service

for domain in messages rules; do
  for po in "$T"/*/LC_MESSAGES/"$domain".po; do
    lang=$(basename "$(dirname "$(dirname "$po")")")
    pybabel -q update -D "$domain" -i "$T/$domain.pot" -d "$T" -l "$lang" --no-wrap --ignore-obsolete \
      --no-fuzzy-matching
  done
  pybabel -q compile -D "$domain" -d "$T"
done
