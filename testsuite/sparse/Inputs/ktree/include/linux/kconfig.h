/* SPDX-License-Identifier: GPL-2.0 */
#define CONFIG_BLK_DEV_LOOP 1
#define IS_ENABLED(option) (option)
