/* no function bodies */
extern int x;
