"""Online tables (docs/online.md): the protocol, the table logic, the table's log, the
asyncio server (`crowsnest serve`) and the client transport.

Imports the engine, the AI runner, the plugin host and the records; never the client.
"""
