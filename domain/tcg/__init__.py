"""The Captain Tsubasa Trading Card Game, "Field of Champions" (Konami 2002): rules engine."""
