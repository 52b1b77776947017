"""Every kustomization renders offline, and every component is actually used by an overlay."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import yaml

from tests.unit.deploy.manifests import K8S, Manifest, Rendered, kustomization_dirs


def referenced_paths(directory: Path) -> list[str]:
    spec = yaml.safe_load((directory / "kustomization.yaml").read_text())
    return [*spec.get("resources", []), *spec.get("components", [])]


def test_the_expected_kustomizations_exist() -> None:
    names = {str(d.relative_to(K8S)) for d in kustomization_dirs()}
    assert {"base", "overlays/dev", "overlays/prod"} <= names


def test_every_kustomization_renders_a_non_empty_set_of_objects(
    kustomization_dir: Path, render: Callable[[Path], list[Manifest]]
) -> None:
    docs = render(kustomization_dir)
    assert docs, f"{kustomization_dir} rendered nothing"
    assert all("kind" in doc and "metadata" in doc for doc in docs)


def test_no_kustomization_fetches_anything_remote(kustomization_dir: Path) -> None:
    remote = [p for p in referenced_paths(kustomization_dir) if "://" in p or p.startswith("github.com")]
    assert remote == []


def test_every_component_is_used_by_some_overlay() -> None:
    used = {
        (d / ref).resolve()
        for d in kustomization_dirs()
        for ref in yaml.safe_load((d / "kustomization.yaml").read_text()).get("components", [])
    }
    components = {d.resolve() for d in kustomization_dirs(kind="Component")}
    assert components, "expected optional components (monitoring, cloudnative-pg)"
    assert components <= used, f"components never rendered: {components - used}"


def test_object_names_are_unique_within_each_render(all_rendered: Rendered) -> None:
    for name, docs in all_rendered.items():
        keys = [(d["kind"], d["metadata"]["name"]) for d in docs]
        duplicates = {k for k in keys if keys.count(k) > 1}
        assert not duplicates, f"{name}: duplicated objects {duplicates}"


def test_overlays_put_everything_in_one_namespace(all_rendered: Rendered) -> None:
    for name, docs in all_rendered.items():
        if not name.startswith("overlays/"):
            continue
        namespaced = [d for d in docs if d["kind"] != "Namespace"]
        namespaces = {d["metadata"].get("namespace") for d in namespaced}
        declared = {d["metadata"]["name"] for d in docs if d["kind"] == "Namespace"}
        assert len(namespaces) == 1 and namespaces == declared, f"{name}: {namespaces} vs {declared}"
