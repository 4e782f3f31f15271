struct jlog {
	struct file *log_file;
};
