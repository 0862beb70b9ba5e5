"""Play at a distance: a host's table others join over the network (no pygame here).

``protocol`` (the versioned JSON messages), ``codec`` (observations and events as
data), ``seating`` (seats, names and tokens), ``host`` (the WebSocket server and
its one ``Match``), ``client`` (joining, and a bot playing a seat), ``discovery``
(mDNS). ``docs/network.md`` describes the protocol for other programs.
"""
