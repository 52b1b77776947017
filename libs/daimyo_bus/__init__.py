"""NATS for Daimyo: subject names (`subjects`), typed messages (`messages`), the `Bus` wrapper,
the `VersionedFollower`."""

from daimyo_bus import messages, subjects
from daimyo_bus.bus import Bus, Handler, decode, encode, games_stream_config
from daimyo_bus.follower import Resync, VersionedFollower

__all__ = [
    "Bus",
    "Handler",
    "Resync",
    "VersionedFollower",
    "decode",
    "encode",
    "games_stream_config",
    "messages",
    "subjects",
]
