#!/usr/bin/env bash
# Consumers of the real package: restores three small projects (net10.0, net8.0, net472) from the
# folder feed that .ci/run packed the library into, builds them, and runs each on its runtime:
# net10.0 on the installed .NET 10, net8.0 self-contained on the .NET 8 runtime pack (only the
# .NET 10 SDK is installed), net472 on Mono. Each must report the build NuGet should have picked and hash the
# RFC 7693 answers. The packages go to their own folder so that an older copy of the same version
# in the machine's NuGet cache can never stand in for the one just packed.
# usage: consumers.sh FEED_DIR WORK_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
feed=$(realpath "$1")
work=$(realpath -m "$2")
mkdir -p "$work"
version=$(sed -n 's:.*<Version>\(.*\)</Version>.*:\1:p' src/Blake2Fast/Blake2Fast.csproj)

build() {
  local project=$1
  shift
  dotnet build "tests/Consumers/$project" -c Release --packages "$work/packages" \
    -p:Blake2FastPackageVersion="$version" -p:RestoreAdditionalProjectSources="$feed" \
    -o "$work/$project" -nologo -clp:ErrorsOnly "$@"
}

echo "== consumer net10.0 (.NET 10): expects the net10.0 build"
build Net10
dotnet "$work/Net10/Consumer.dll" ".NETCoreApp,Version=v10.0"

echo "== consumer net8.0 (.NET 8): expects the net8.0 build"
build Net8 -r linux-x64 --self-contained
"$work/Net8/Consumer" ".NETCoreApp,Version=v8.0"

echo "== consumer net472 (Mono $(mono --version | head -1 | sed 's/.*version \([^ ]*\).*/\1/')): expects the netstandard2.0 build"
build Net472
mono "$work/Net472/Consumer.exe" ".NETStandard,Version=v2.0"
