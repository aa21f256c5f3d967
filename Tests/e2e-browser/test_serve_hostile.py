"""A WebSocket client that acknowledges frames blindly and reads none: the daemon's window stops its frames at the
seqs it has really been sent, the page's outbox holds at most three, so `skeleton serve`'s memory stays flat and
other pages are served."""
import base64
import json
import os
import socket
import struct
import time

from conftest import Page


def peak_memory_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM")


def masked_text(text):
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    else:
        header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def connect(port, receive_buffer=None):
    """A WebSocket to the server's page, upgraded: the socket, with the answer's head read."""
    origin = f"127.0.0.1:{port}"
    client = socket.socket()
    if receive_buffer:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    client.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    client.sendall((f"GET /ws HTTP/1.1\r\nHost: {origin}\r\nOrigin: http://{origin}\r\nUpgrade: websocket\r\n"
                    f"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += client.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return client


def test_a_ninth_page_is_closed_with_a_reason(serve, workdir):
    served = serve(str(workdir / "profile-card.skeleton.json"))
    pages = [connect(served.port) for _ in range(8)]
    ninth = connect(served.port)
    ninth.settimeout(10)
    data = b""
    while len(data) < 2 or len(data) < 2 + (data[1] & 0x7F):
        chunk = ninth.recv(4096)
        if not chunk:
            break
        data += chunk
    assert data[0] == 0x88, "a close frame first"
    length = data[1] & 0x7F
    code, reason = struct.unpack(">H", data[2:4])[0], data[4:2 + length].decode()
    assert (code, reason) == (1008, "at most 8 pages at once")
    for page in pages:
        page.close()


def test_a_client_that_never_reads_costs_bounded_memory(browser, serve, workdir):
    served = serve(str(workdir / "feed.skeleton.json"), "--scale", "4")
    client = connect(served.port, receive_buffer=4096)
    time.sleep(1)
    before = peak_memory_kib(served.process.pid)
    client.sendall(masked_text(json.dumps({"type": "show", "skeleton": "gradient", "animated": True})))
    client.sendall(masked_text(json.dumps({"type": "play"})))
    # Acknowledges every frame it might have been sent, reading none, for 8 seconds of animation.
    seq, deadline = 1, time.time() + 8
    while time.time() < deadline:
        client.sendall(masked_text(json.dumps({"type": "ack", "seq": seq})))
        seq += 1
        time.sleep(0.005)
    grown = peak_memory_kib(served.process.pid) - before
    client.setblocking(False)
    waiting = 0
    try:
        while True:
            chunk = client.recv(1 << 20)
            if not chunk:
                break
            waiting += len(chunk)
    except BlockingIOError:
        pass
    print(f"peak memory grew by {grown} KiB over {seq} acks; {waiting} bytes were waiting to be read")
    assert grown < 48 * 1024
    # The server still serves a page.
    client.close()
    page = Page(browser, served.url)
    assert page.state()["frames"] >= 1
