"""The player's records: save files, named slots, the SQLite store and the statistics."""
