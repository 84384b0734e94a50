#!/usr/bin/env python3
"""Proves that the two sides of `bench/speed.sh --generate` wrote the same objects.

    compare.py GPUSPEC_DIR CDK8S_DIR

Reads every YAML file of both directories, keys each object by kind, namespace and name, and
checks that both hold the same objects and that every value gpuspec wrote is in the cdk8s-plus
object at the same path with the same value. Allowed: a Deployment's spec.selector (cdk8s-plus
selects pods by a label of its own) and fields only cdk8s-plus writes (Kubernetes' defaults and
its selector label, listed once by path). Exits 1 on any other difference.
"""
import pathlib
import re
import sys

import yaml

ALLOWED = {("Deployment", "spec.selector")}


def objects(directory):
    found = {}
    for path in sorted(pathlib.Path(directory).glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            if doc is None:
                continue
            meta = doc.get("metadata", {})
            key = (doc.get("kind"), meta.get("namespace"), meta.get("name"))
            if key in found:
                sys.exit(f"compare.py: {path}: {key} written twice; each object once")
            found[key] = doc
    return found


def leaves(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def main(gpuspec_dir, cdk8s_dir):
    ours, theirs = objects(gpuspec_dir), objects(cdk8s_dir)
    problems = []
    if ours.keys() != theirs.keys():
        missing = sorted(ours.keys() - theirs.keys(), key=str)[:5]
        extra = sorted(theirs.keys() - ours.keys(), key=str)[:5]
        problems.append(f"different objects: only gpuspec {missing}, only cdk8s-plus {extra}")
    only_cdk8s = set()
    for key in sorted(ours.keys() & theirs.keys(), key=str):
        kind = key[0]
        mine = dict(leaves(ours[key]))
        other = dict(leaves(theirs[key]))
        for path, value in mine.items():
            if any(kind == k and path.startswith(p) for k, p in ALLOWED):
                continue
            if other.get(path, object()) != value:
                problems.append(f"{key}: {path} is {value!r} in gpuspec, {other.get(path)!r} in cdk8s-plus")
        only_cdk8s.update(re.sub(r"\[\d+\]", "[]", p) for p in other.keys() - mine.keys())
    print(f"compare: {len(ours)} objects by gpuspec, {len(theirs)} by cdk8s-plus;"
          f" {len(problems)} differences")
    print("compare: written by cdk8s-plus only: " + ", ".join(sorted(only_cdk8s)))
    for problem in problems[:10]:
        print("compare: " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: compare.py GPUSPEC_DIR CDK8S_DIR")
    sys.exit(main(sys.argv[1], sys.argv[2]))
