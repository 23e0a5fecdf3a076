"""Historical data shared by every rule set: ships, written once, with sources."""
