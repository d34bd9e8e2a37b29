"""The thin service layer: every use case is a method of one application object.

`service.app.Touchline` is the eventsourcing Application the adapters hold. Each use case is
one of its methods, called the same way from the command line and the web:

- matches (`create_match`, `record`, `undo`, `abandon`, `annotate`, `import_log`, `get_match`,
  `replay`, `list_matches`, `version_of`, `draw`) in service/app.py;
- what an import finds of the matches already here (`same_matches`, and the refusal of a
  match a league counts already) in service/imports.py;
- leagues (`create_league`, `find_league`, `leagues`, `standings`, `league_matches`) in
  service/leagues.py;
- statistics (`player_stats`, `coach_stats`, `team_stats`, `subjects`, `dice`,
  `dice_coaches`, `dice_sources`) in service/statistics.py;
- a coach's or team's match history, record and head-to-head (`coach_history`,
  `team_history`, `history_names`) in service/history.py;
- the audit of a match or a league (`match_audit`, `league_audit`) in service/audit.py;
- the read models themselves (`projection_status`, `log_length`, `rebuild_projections`,
  `follow_log`) in service/read_models.py, and the live pages' `newest_versions` in
  service/live_versions.py.

Each module holds one class of use cases on the shared base `service.store.StoreApplication`,
and `Touchline` is built from them, so an adapter never builds a read-side object, opens a
transaction or touches the store's recorder: it calls a method and gets a declared, frozen
value back (`MatchView`, `Written`, `LeagueView`, `StandingRow`, `SubjectStats`, `Fairness` …).
A module imports what only some of its use cases need (another aggregate, the values they
answer: service/league_views.py, service/link_views.py, service/import_views.py) in those use
cases, so that a process serving one match, such as a command at the table, does not make
their classes (tests/cli/test_start_up.py).

Commands change the event store; queries read it or the read models, after catching those up
with the log. Neither makes a table: opening the store does (on start, or `touchline db
init`), and rebuilds any read model whose version changed.

Every error a use case raises derives from `service.errors.TouchlineError`, under one of five
meanings (not found, bad input, conflict, refused, unavailable); the rules' own errors are
translated at the boundary (`service.boundary`). The web maps the meanings in web/errors.py,
the command line in cli/context.py.
"""
