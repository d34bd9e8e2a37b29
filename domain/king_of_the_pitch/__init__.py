"""King of the Pitch: a card-drafting dice duel game for 2 to 5 teams (rule IDs KP-x.y)."""
