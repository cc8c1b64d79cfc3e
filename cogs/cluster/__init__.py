"""Several bot processes on one PostgreSQL database: who runs which table, and clicks that arrive at
the wrong process.

Each process runs the shards it is given (``WIZARD_SHARD_IDS``) and the tables opened through them. It
tells the others it is alive by a heartbeat in ``processes``; a table's ``owner`` names the process
that runs it (its turn clock, its computers, its messages). An interaction for a table another process
runs (a click in a DM arrives at the process of shard 0; a channel's table may have been taken over) is
handed to that process through the ``handoffs`` table and a NOTIFY, and answered there with the
interaction's own token. When a process stops beating, another takes its tables over.
"""
