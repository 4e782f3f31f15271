/* Read by the fake frontend: nothing to report. */
static int clean_open(struct block_device *bdev, fmode_t mode)
{
	return 0;
}
