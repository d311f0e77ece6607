"""What every browser script of WebBrowserTests reports: one line per check, `ok NAME` or
`FAIL NAME: why`, which the Swift test reads; the script's exit status says whether any failed."""
import sys

failures = 0


def check(name, passed, why=""):
    global failures
    print(("ok " if passed else "FAIL ") + name + ("" if passed else ": " + why), flush=True)
    if not passed:
        failures += 1


def step_failed(error):
    """A step that could not run is a failure with its reason, not a crash."""
    global failures
    failures += 1
    print("FAIL step: %s: %s" % (type(error).__name__, str(error).splitlines()[0] if str(error) else ""), flush=True)


def finish():
    sys.exit(1 if failures else 0)
