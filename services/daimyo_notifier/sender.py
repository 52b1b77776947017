"""The sender: expands due notices into deliveries, claims a batch, sends it (at most
`concurrency` at once) and records each outcome right after its group, so a process killed
mid-batch leaves at most one group in doubt (sent again later under the same push `Topic`).

Failures back off (doubling, capped) and give up after `max_attempts`; a device its push service
says is gone is forgotten.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import structlog

from daimyo_notifier.domain import backoff_ms
from daimyo_notifier.metrics import DELIVERIES, DELIVERY_LAG
from daimyo_notifier.push import Outcome
from daimyo_notifier.store import Delivery, NotifierStore

log = structlog.get_logger("daimyo_notifier")

Send = Callable[[Delivery], Awaitable[Outcome]]


@dataclass(frozen=True)
class SenderConfig:
    batch: int = 500  # deliveries claimed per pass
    concurrency: int = 64  # sends in flight at once (and per recorded group)
    lease_ms: int = 60_000  # a claim's life: a killed sender's claims are taken again after it
    max_attempts: int = 8
    backoff_base_ms: int = 1000
    backoff_cap_ms: int = 3_600_000
    poll_seconds: float = 1.0  # an idle sender looks again this often (new notices wake it)
    email: bool = False  # due notices also wait for the players' email digests (SMTP and addresses known)


class Sender:
    def __init__(
        self,
        store: NotifierStore,
        send: Send,
        now_ms: Callable[[], int],
        config: SenderConfig = SenderConfig(),
    ) -> None:
        self.store, self.send, self.now_ms, self.config = store, send, now_ms, config
        self._wake = asyncio.Event()

    def wake(self) -> None:
        self._wake.set()

    async def run(self) -> None:
        while True:
            try:
                busy = await self.pass_once()
            except Exception:  # a database blip must not end the sender; the next pass retries
                log.exception("sender_pass_failed")
                busy = 0
            if not busy:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.config.poll_seconds)
                self._wake.clear()

    async def pass_once(self) -> int:
        """Expand, claim and send one batch; how many deliveries were handled."""
        now = self.now_ms()
        await self.store.expand_due(now, self.config.batch, self.config.email)
        batch = await self.store.claim(now, self.config.lease_ms, self.config.batch)
        size = self.config.concurrency
        for start in range(0, len(batch), size):
            group = batch[start : start + size]
            outcomes = await asyncio.gather(*(self._send_one(d) for d in group))
            await self._settle(group, outcomes)
        return len(batch)

    async def _send_one(self, delivery: Delivery) -> Outcome:
        try:
            return await self.send(delivery)
        except Exception:  # one bad device must not sink its group; it is retried like a timeout
            log.exception("push_send_failed", notice=delivery.notice.key)
            return Outcome.RETRY

    async def _settle(self, group: Sequence[Delivery], outcomes: Sequence[Outcome]) -> None:
        now = self.now_ms()
        sent = [d for d, o in zip(group, outcomes, strict=True) if o is Outcome.SENT]
        await self.store.mark_sent(sent)
        for delivery in sent:
            DELIVERY_LAG.observe(max(0, now - delivery.notice.due_ms) / 1000)
        await self.store.drop(
            [d for d, o in zip(group, outcomes, strict=True) if o is Outcome.REFUSED], "refused"
        )
        for delivery, outcome in zip(group, outcomes, strict=True):
            DELIVERIES.labels(channel=delivery.channel, outcome=outcome.value).inc()
            if outcome is Outcome.GONE:
                await self.store.forget_device(delivery.device.subscription_id)
            elif outcome is Outcome.RETRY:
                await self._retry(delivery, now)

    async def _retry(self, delivery: Delivery, now: int) -> None:
        if delivery.attempts + 1 >= self.config.max_attempts:
            await self.store.drop([delivery], "too many failures")
            return
        wait = backoff_ms(delivery.attempts + 1, self.config.backoff_base_ms, self.config.backoff_cap_ms)
        await self.store.retry(delivery, now + wait)
