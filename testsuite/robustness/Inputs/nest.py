# SPDX-License-Identifier: GPL-2.0
"""nest.py KIND N: a C file nested N levels deep, for robustness/limits.test.
  ternary  a put whose mode is N nested ?: (no parentheses: clang allows
           256 brackets), every arm FMODE_READ, after a get of
           FMODE_READ|FMODE_EXCL: put-mode must find it in every frontend
  ifs      the put inside N nested if blocks with braces
  parens   "return (((...1...)));" N parentheses deep, no put
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
HEAD = '''typedef unsigned int fmode_t;
#define FMODE_READ ((fmode_t)0x1)
#define FMODE_EXCL ((fmode_t)0x80)
struct block_device;
struct block_device *blkdev_get_by_path(const char *path, fmode_t mode, void *holder);
void blkdev_put(struct block_device *bdev, fmode_t mode);
int g(int);
'''
if kind == 'ternary':
    mode = ''.join('c%d ? ' % (i % 4) for i in range(n)) + 'FMODE_READ' + ' : FMODE_READ' * n
    print(HEAD + '''int f(const char *path, void *holder, int c0, int c1, int c2, int c3)
{
	struct block_device *b = blkdev_get_by_path(path, FMODE_READ | FMODE_EXCL, holder);

	blkdev_put(b, %s);
	return 0;
}''' % mode)
elif kind == 'ifs':
    print(HEAD + 'int f(const char *path, void *holder)\n{\n'
          '\tstruct block_device *b = blkdev_get_by_path(path, FMODE_READ | FMODE_EXCL, holder);\n\n'
          + ''.join('\tif (g(%d)) {\n' % i for i in range(n))
          + '\tblkdev_put(b, FMODE_READ);\n' + '\t}\n' * n + '\treturn 0;\n}')
elif kind == 'parens':
    print('int f(void)\n{\n\treturn ' + '(' * n + '1' + ')' * n + ';\n}')
