// SPDX-License-Identifier: GPL-2.0
// Does not compile: the tool must exit 2, not report "clean".
int broken(int a)
{
	return a +;
}
