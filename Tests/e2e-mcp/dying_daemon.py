#!/usr/bin/env python3
"""A skeletond that dies during a call: it runs the real daemon ($REAL_SKELETOND) behind pipes it relays, and exits
with status 7 as soon as a message from the client names the method $DIE_ON (so the client sees its daemon die in
the middle of that request)."""

import os
import subprocess
import sys
import threading

real = subprocess.Popen([os.environ["REAL_SKELETOND"], *sys.argv[1:]], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
trigger = ('"method":"%s"' % os.environ["DIE_ON"]).encode()


def relay_answers():
    while chunk := os.read(real.stdout.fileno(), 1 << 16):
        os.write(1, chunk)


threading.Thread(target=relay_answers, daemon=True).start()
seen = b""
while chunk := os.read(0, 1 << 16):
    seen = (seen + chunk)[-(1 << 20):]
    if trigger in seen.replace(b" ", b""):
        real.kill()
        sys.stderr.write(f"dying on {os.environ['DIE_ON']}\n")
        os._exit(7)
    real.stdin.write(chunk)
    real.stdin.flush()
real.stdin.close()
sys.exit(real.wait())
