"""discord.py extensions: lobby, play and scores. Thin: parse, ask the service, present."""
