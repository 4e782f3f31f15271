# facts-record.py SECTION [--plain OUT]: the records of a .bdops.facts
# section dump (docs/facts.md), one header line and the JSON inflated;
# with --plain, the same records rewritten in format 1 (the JSON as it is,
# as bdops before the deflated records wrote it) into OUT.
import sys
import zlib

data = open(sys.argv[1], 'rb').read()
plain = []
p = 0
while True:
    while p < len(data) and data[p] == 0:
        p += 1
    if p >= len(data):
        break
    nl = data.index(b'\n', p)
    head = data[p:nl].decode().split()
    assert head[0] == 'bdops-facts', head
    n = int(head[3])
    body = data[nl + 1:nl + 1 + n]
    if head[1] == '2':
        body = zlib.decompress(body)
        assert len(body) == int(head[4])
    print(' '.join(head))
    print(body.decode())
    plain.append(b'bdops-facts 1 %s %d\n%s\n' % (head[2].encode(), len(body), body))
    p = nl + 1 + n
    if p < len(data) and data[p:p + 1] == b'\n':
        p += 1
if len(sys.argv) > 3 and sys.argv[2] == '--plain':
    open(sys.argv[3], 'wb').write(b''.join(plain))
