"""Every rendered object validates offline against the Kubernetes schemas in strict mode.

Custom resources (Prometheus Operator, CloudNativePG, cert-manager) have no schema bundled with
kubernetes-validate, so they are checked leniently: known kinds only, and the fields the
operators require.
"""

from __future__ import annotations

from typing import Any

import kubernetes_validate
import pytest

from tests.unit.deploy.manifests import Manifest, Rendered

KUBERNETES_VERSION = "1.37.0"
CUSTOM_KINDS = {
    ("monitoring.coreos.com/v1", "PodMonitor"): ("selector", "podMetricsEndpoints"),
    ("monitoring.coreos.com/v1", "ServiceMonitor"): ("selector", "endpoints"),
    ("monitoring.coreos.com/v1", "PrometheusRule"): ("groups",),
    ("postgresql.cnpg.io/v1", "Cluster"): ("instances", "storage"),
    ("postgresql.cnpg.io/v1", "ScheduledBackup"): ("schedule", "cluster"),
    ("cert-manager.io/v1", "Certificate"): ("secretName", "issuerRef"),
    ("cert-manager.io/v1", "Issuer"): (),
}


def is_custom(doc: Manifest) -> bool:
    return (doc["apiVersion"], doc["kind"]) in CUSTOM_KINDS


def strict_errors(doc: Manifest) -> str | None:
    try:
        kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)
    except kubernetes_validate.ValidationError as error:
        where = "/".join(str(p) for p in error.path)
        return f"{doc['kind']}/{doc['metadata']['name']} at {where}: {error.message}"
    return None


def test_the_schemas_are_available_offline() -> None:
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(
            {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x"}, "bogus": 1},
            KUBERNETES_VERSION,
            strict=True,
        )


def test_every_core_object_is_valid_in_strict_mode(all_rendered: Rendered) -> None:
    errors = [
        f"{name}: {error}"
        for name, docs in all_rendered.items()
        for doc in docs
        if not is_custom(doc) and (error := strict_errors(doc))
    ]
    assert errors == []


def test_every_custom_resource_is_a_known_kind_with_its_required_fields(
    all_rendered: Rendered,
) -> None:
    seen: set[Any] = set()
    for docs in all_rendered.values():
        for doc in filter(is_custom, docs):
            key = (doc["apiVersion"], doc["kind"])
            seen.add(key)
            missing = [f for f in CUSTOM_KINDS[key] if f not in doc.get("spec", {})]
            assert not missing, f"{doc['kind']}/{doc['metadata']['name']} lacks spec.{missing}"
    assert ("monitoring.coreos.com/v1", "PrometheusRule") in seen


def test_the_cloudnative_pg_cluster_is_highly_available_and_archives_wal(
    all_rendered: Rendered,
) -> None:
    cluster = next(d for d in all_rendered["overlays/prod-cnpg"] if d["kind"] == "Cluster")
    assert cluster["spec"]["instances"] >= 3
    assert "barmanObjectStore" in cluster["spec"]["backup"]
    assert cluster["spec"]["inheritedMetadata"]["labels"]["app.kubernetes.io/name"] == "daimyo-postgres"
