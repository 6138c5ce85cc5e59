"""The Discord layer: everything that speaks discord.py, apart from the cogs.

The client (start-up, the store and the service), the presenter that turns a service
`Outcome` into messages, the live table and the turn messages with their panels, the lobby
message, the start-up check of the tables, Discord's limits, custom ids, the slash
commands' words, the language chooser and the picture attachments. Nothing below this
layer (service, store, engine, ai, render, i18n) imports discord.
"""
