"""Captain Tsubasa: The Card Game (2024): the pure rules engine."""
