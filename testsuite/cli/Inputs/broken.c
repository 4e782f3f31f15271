int broken(void)
{
