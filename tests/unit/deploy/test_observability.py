"""Alerts, the dashboard and the autoscaler's adapter rule use exactly the metric names the
services expose, and cover the failures that matter: relay lag, move errors, bot deadline misses
and match wait."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import yaml

from daimyo_analysis.metrics import QUEUE_DEPTH
from tests.unit.deploy.manifests import K8S, Manifest, Rendered

MONITORING = K8S / "components/monitoring"
EXPOSED_METRICS = {
    "daimyo_moves_total",
    "daimyo_submit_move_seconds",
    "daimyo_relay_lag_seconds",
    "daimyo_relay_published_total",
    "daimyo_bot_suggest_seconds",
    "daimyo_bot_deadline_misses_total",
    "daimyo_match_wait_seconds",
    "daimyo_matches_total",
    "daimyo_ws_connections",
    "daimyo_games_active",
    "daimyo_notice_deliveries_total",
}
HISTOGRAMS = {"daimyo_submit_move_seconds", "daimyo_bot_suggest_seconds", "daimyo_match_wait_seconds"}
METRIC = re.compile(r"\bdaimyo_[a-z_]+")


def series_names() -> set[str]:
    suffixes = ("_bucket", "_count", "_sum")
    return EXPOSED_METRICS | {h + s for h in HISTOGRAMS for s in suffixes}


def alert_rules() -> list[dict[str, object]]:
    spec = yaml.safe_load((MONITORING / "prometheus-rules.yaml").read_text())["spec"]
    return [rule for group in spec["groups"] for rule in group["rules"]]


def dashboard_exprs() -> Iterator[str]:
    dashboard = json.loads((MONITORING / "grafana-dashboard.json").read_text())
    for panel in dashboard["panels"]:
        for target in panel["targets"]:
            yield target["expr"]


def test_alerts_only_use_metrics_the_services_expose() -> None:
    used = {m for rule in alert_rules() for m in METRIC.findall(str(rule["expr"]))}
    assert used and used <= series_names(), used - series_names()


def test_alerts_cover_relay_lag_move_errors_bot_deadlines_and_match_wait() -> None:
    exprs = " ".join(str(rule["expr"]) for rule in alert_rules())
    for metric in ("daimyo_relay_lag_seconds", 'result="error"', "daimyo_bot_deadline_misses_total",
                   "daimyo_match_wait_seconds_bucket"):
        assert metric in exprs


def test_every_alert_has_a_severity_a_duration_and_a_runbook() -> None:
    for rule in alert_rules():
        assert rule["labels"]["severity"] in {"page", "warning"}  # type: ignore[index]
        assert "for" in rule and "runbook" in rule["annotations"]  # type: ignore[operator]


def test_the_dashboard_uses_only_exposed_metrics_and_shows_them_all() -> None:
    used = {m for expr in dashboard_exprs() for m in METRIC.findall(expr)}
    assert used <= series_names(), used - series_names()
    shown = {m.removesuffix("_bucket") for m in used}
    assert shown >= EXPOSED_METRICS, EXPOSED_METRICS - shown


def test_the_dashboard_panels_have_unique_ids_and_a_datasource_variable() -> None:
    dashboard = json.loads((MONITORING / "grafana-dashboard.json").read_text())
    ids = [panel["id"] for panel in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    assert [v["name"] for v in dashboard["templating"]["list"]] == ["datasource"]


def test_every_daimyo_pod_is_scraped_on_its_metrics_port(all_rendered: Rendered) -> None:
    for doc in all_rendered["overlays/prod"]:
        if doc["kind"] != "Deployment":
            continue
        template = doc["spec"]["template"]
        port = int(template["metadata"]["annotations"]["prometheus.io/port"])
        named = {p["name"]: p["containerPort"] for c in template["spec"]["containers"] for p in c["ports"]}
        assert named.get("metrics") == port, doc["metadata"]["name"]


def test_prod_ships_the_dashboard_to_the_grafana_sidecar(all_rendered: Rendered) -> None:
    docs = all_rendered["overlays/prod"]
    (config_map,) = [d for d in docs if d["metadata"]["name"] == "daimyo-grafana-dashboard"]
    assert config_map["metadata"]["labels"]["grafana_dashboard"] == "1"
    assert json.loads(config_map["data"]["daimyo.json"])["uid"] == "daimyo-overview"


def markdown_anchors(text: str) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", text, flags=re.M)
    return {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-") for h in headings}


def test_every_alert_runbook_points_at_a_section_of_the_operations_guide() -> None:
    guide = (K8S.parent / "deploy/OPERATIONS.md").read_text()
    for rule in alert_rules():
        path, anchor = str(rule["annotations"]["runbook"]).split("#")  # type: ignore[index]
        assert path == "deploy/OPERATIONS.md" and anchor in markdown_anchors(guide), anchor


def adapter_external_rules(docs: list[Manifest]) -> list[Manifest]:
    (config_map,) = [d for d in docs if d["metadata"]["name"] == "daimyo-prometheus-adapter-rules"]
    return yaml.safe_load(config_map["data"]["config.yaml"])["externalRules"]  # type: ignore[no-any-return]


def hpa_external_metrics(docs: list[Manifest]) -> set[str]:
    return {m["external"]["metric"]["name"] for d in docs if d["kind"] == "HorizontalPodAutoscaler"
            for m in d["spec"]["metrics"] if m["type"] == "External"}


def test_the_adapter_serves_the_analysis_hpa_the_queue_depth_the_service_exports(
    all_rendered: Rendered,
) -> None:
    docs = all_rendered["overlays/prod"]
    exported = next(iter(QUEUE_DEPTH.describe())).name
    served = {rule["name"]["as"]: rule for rule in adapter_external_rules(docs)}
    assert hpa_external_metrics(docs) == {exported} and set(served) == {exported}
    rule = served[exported]
    assert re.search(rule["name"]["matches"], exported) and rule["seriesQuery"].startswith(exported + "{")
    assert rule["resources"]["overrides"]["namespace"] == {"resource": "namespace"}


def test_the_queue_depth_is_not_summed_over_the_replicas_that_each_export_it(all_rendered: Rendered) -> None:
    (rule,) = adapter_external_rules(all_rendered["overlays/prod"])
    assert rule["metricsQuery"].startswith("max(<<.Series>>{<<.LabelMatchers>>})")
