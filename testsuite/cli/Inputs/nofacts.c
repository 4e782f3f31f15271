/* the frontend writes no facts for this one */
int nofacts(void) { return 0; }
