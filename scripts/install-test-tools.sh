#!/usr/bin/env bash
# The shells the completion-script tests source their scripts in (zsh and fish, from
# Debian's packages; bash is always there). Installed when missing and apt-get can; the
# tests that need one are skipped where it is absent, so a machine without them still runs
# the rest.
set -uo pipefail
missing=()
for tool in zsh fish; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "note: ${missing[*]} not installed; their completion tests are skipped" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1; then
  timeout 300 apt-get update -qq >/dev/null 2>&1
  timeout 300 apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 ||
    echo "note: could not install ${missing[*]}; their completion tests are skipped" >&2
fi
exit 0
