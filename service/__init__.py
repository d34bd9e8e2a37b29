"""The thin service layer: one method per use case, on an eventsourcing Application."""
