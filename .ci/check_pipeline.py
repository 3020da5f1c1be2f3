#!/usr/bin/env python3
"""Checks azure-pipelines.yml, which this machine cannot run: it must parse as YAML and have the
shape Azure Pipelines accepts for what it uses (a job list; each job a name, a hosted image, steps;
each step exactly one kind, known keys, tasks pinned to a major version with the inputs they need,
environment values as strings), and it must do what the project promises (docs/building.md): the
Linux job runs .ci/run; the Windows x64 and macOS ARM64 jobs install .NET 10 and .NET 8, run the
README's test command as the README writes it and the library's suite against its net8.0 build.
Every repository file a step names must exist. Usage: .ci/check_pipeline.py [PIPELINE] [README]"""
import re
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    sys.exit("check_pipeline: PyYAML is missing (apt-get install python3-yaml)")

pipeline_path = Path(sys.argv[1] if len(sys.argv) > 1 else "azure-pipelines.yml")
readme_path = Path(sys.argv[2] if len(sys.argv) > 2 else "readme.md")
root = pipeline_path.resolve().parent
errors = []


def fail(where, message):
    errors.append(f"{pipeline_path}: {where}: {message}")


doc = yaml.safe_load(pipeline_path.read_text(encoding="utf-8"))
if not isinstance(doc, dict):
    sys.exit(f"{pipeline_path}: not a YAML mapping")

TOP = {"trigger", "pr", "variables", "jobs"}
for key in doc:
    if key not in TOP:
        fail("top level", f"unexpected key '{key}' (known here: {sorted(TOP)})")
for key in ("trigger", "pr"):
    branches = (doc.get(key) or {}).get("branches", {}).get("include")
    if branches != ["main"]:
        fail(key, f"must build main (branches.include: [main]), found {branches!r}")
for name, value in (doc.get("variables") or {}).items():
    if not isinstance(value, str):
        fail(f"variables.{name}", f"must be a string, found {value!r}")

STEP_KINDS = {"task", "bash", "script", "pwsh", "powershell", "checkout"}
STEP_KEYS = STEP_KINDS | {"displayName", "condition", "env", "inputs", "name", "continueOnError",
                          "timeoutInMinutes", "workingDirectory", "failOnStderr", "enabled"}
# Each task used, with the inputs it needs and the values it accepts for some of them.
TASKS = {
    "UseDotNet@2": ({"packageType", "version"}, {"packageType": {"sdk", "runtime"}}),
    "PublishTestResults@2": ({"testResultsFormat", "testResultsFiles"}, {"testResultsFormat": {"VSTest", "JUnit", "NUnit", "XUnit", "CTest"}}),
    "PublishCodeCoverageResults@2": ({"summaryFileLocation"}, {}),
}
JOB_KEYS = {"job", "displayName", "timeoutInMinutes", "pool", "steps", "dependsOn", "condition", "variables"}
# Microsoft-hosted image labels this pipeline may use.
IMAGES = {"ubuntu-24.04", "ubuntu-22.04", "windows-2022", "windows-2025", "macOS-15-arm64", "macOS-14-arm64"}

jobs = doc.get("jobs")
if not isinstance(jobs, list) or not jobs:
    sys.exit(f"{pipeline_path}: 'jobs' must be a non-empty list")
by_name = {}
for index, job in enumerate(jobs):
    where = f"jobs[{index}]"
    if not isinstance(job, dict):
        fail(where, "not a mapping")
        continue
    name = job.get("job")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        fail(where, f"'job' must be an identifier, found {name!r}")
        continue
    where = f"job {name}"
    if name in by_name:
        fail(where, "named twice")
    by_name[name] = job
    for key in job:
        if key not in JOB_KEYS:
            fail(where, f"unexpected key '{key}'")
    if not isinstance(job.get("timeoutInMinutes"), int) or job["timeoutInMinutes"] <= 0:
        fail(where, "needs timeoutInMinutes, a positive whole number")
    image = (job.get("pool") or {}).get("vmImage")
    if image not in IMAGES:
        fail(where, f"pool.vmImage {image!r} is not one of the hosted images {sorted(IMAGES)}")
    steps = job.get("steps")
    if not isinstance(steps, list) or not steps:
        fail(where, "needs a non-empty list of steps")
        continue
    for number, step in enumerate(steps):
        at = f"{where}, step {number + 1}"
        if not isinstance(step, dict):
            fail(at, "not a mapping")
            continue
        kinds = STEP_KINDS & step.keys()
        if len(kinds) != 1:
            fail(at, f"must be exactly one of {sorted(STEP_KINDS)}, found {sorted(kinds)}")
        for key in step:
            if key not in STEP_KEYS:
                fail(at, f"unexpected key '{key}'")
        for var, value in (step.get("env") or {}).items():
            if not isinstance(value, str):
                fail(at, f"env {var} must be a string, found {value!r}")
        if "task" in step:
            task = step["task"]
            if task not in TASKS:
                fail(at, f"task {task!r} is not one this check knows (name@major): {sorted(TASKS)}")
                continue
            needed, allowed = TASKS[task]
            inputs = step.get("inputs") or {}
            for key in needed - inputs.keys():
                fail(at, f"{task} needs input '{key}'")
            for key, values in allowed.items():
                if key in inputs and inputs[key] not in values:
                    fail(at, f"{task} input {key}={inputs[key]!r} is not one of {sorted(values)}")
        else:
            script = next((step[k] for k in kinds if k != "checkout"), "")
            if not isinstance(script, str):
                fail(at, "the script must be a string")
                continue
            for path in re.findall(r"(?<![\w/.])(\.ci/[\w./-]+|tests/[\w./-]+|src/[\w./-]+)", script):
                if not (root / path).exists():
                    fail(at, f"names {path}, which does not exist")


def scripts(job):
    return [s.get(k, "") for s in job.get("steps", []) if isinstance(s, dict) for k in ("bash", "script", "pwsh", "powershell") if k in s]


def dotnet_installs(job):
    return {(s["inputs"].get("packageType"), str(s["inputs"].get("version")))
            for s in job.get("steps", []) if isinstance(s, dict) and s.get("task") == "UseDotNet@2" and isinstance(s.get("inputs"), dict)}


# The README's test command: the code block after "Run every test".
readme = readme_path.read_text(encoding="utf-8")
match = re.search(r"Run every test[^\n]*\n+```\n([^\n]+)\n```", readme)
if not match:
    sys.exit(f"{readme_path}: no test command found after 'Run every test'")
test_command = match.group(1).strip()

expected = {"Linux": ("ubuntu", False), "Windows": ("windows", False), "macOS": ("macOS", True)}
for name, (image_prefix, arm64) in expected.items():
    job = by_name.get(name)
    if job is None:
        fail("jobs", f"no job '{name}'")
        continue
    image = (job.get("pool") or {}).get("vmImage", "")
    if not str(image).startswith(image_prefix) or arm64 != str(image).endswith("-arm64"):
        fail(f"job {name}", f"image {image!r} is not a {image_prefix}{' ARM64' if arm64 else ''} image")
    lines = [line.strip() for script in scripts(job) for line in script.splitlines()]
    if name == "Linux":
        if "bash .ci/run" not in lines:
            fail("job Linux", "must run 'bash .ci/run'")
        if ("sdk", "10.0.x") not in dotnet_installs(job):
            fail("job Linux", "must install the .NET 10 SDK (UseDotNet@2 sdk 10.0.x)")
        continue
    if not {("sdk", "10.0.x"), ("runtime", "8.0.x")} <= dotnet_installs(job):
        fail(f"job {name}", "must install the .NET 10 SDK and the .NET 8 runtime (UseDotNet@2)")
    if not any(line == test_command or line.startswith(test_command + " --") for line in lines):
        fail(f"job {name}", f"must run the README's test command '{test_command}' (options may follow)")
    if not any("-p:Blake2FastLibraryBuild=net8.0" in line and line.startswith("dotnet test tests/Blake2Fast.Tests") for line in lines):
        fail(f"job {name}", "must run the library's suite against its net8.0 build (-p:Blake2FastLibraryBuild=net8.0)")
    if arm64 and not any("uname -m" in line for line in lines):
        fail(f"job {name}", "must check that the agent really is ARM64")

if errors:
    print("\n".join(errors), file=sys.stderr)
    sys.exit(1)
print(f"{pipeline_path}: parsed; jobs {', '.join(by_name)}; each step well formed; "
      f"Windows and macOS run '{test_command}' and the net8.0 suite")
