#!/usr/bin/env python3
# mkmail.py ENCODING MBOX: the mail of MBOX (one "git format-patch" mail)
# with its body in another transfer encoding - base64, or
# quoted-printable with every tab quoted and long lines broken by soft
# line breaks - or, for "attachment", as a MIME multipart mail whose patch
# is a base64 attachment.  For the review tests: git am applies all of
# them, and bdops review must read them as it does.
import base64
import email
import email.message
import quopri
import sys

enc, src = sys.argv[1], sys.argv[2]
raw = open(src, 'rb').read()
msg = email.message_from_bytes(raw)
body = msg.get_payload(decode=True)
del msg['Content-Transfer-Encoding']
if enc == 'attachment':
    mp = email.message.EmailMessage()
    for h in ('From', 'Date', 'Subject'):
        mp[h] = msg[h]
    mp.set_content('The patch is attached.\n')
    mp.add_attachment(body, maintype='text', subtype='x-patch', filename='0001.patch')
    sys.stdout.write(mp.as_string(unixfrom=False))
    sys.exit(0)
if enc == 'base64':
    msg.set_payload(base64.encodebytes(body).decode('ascii'))
else:
    msg.set_payload(quopri.encodestring(body, quotetabs=True).decode('ascii'))
msg['Content-Transfer-Encoding'] = enc
sys.stdout.write(msg.as_string(unixfrom=True))
