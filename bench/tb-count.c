// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin: how many guest instructions each translation block
 * executed, so that scripts/flows/cost-profile.sh can say in which kernel
 * functions the instructions of a benchmark go.  At exit it writes one line
 * per block that ran, "vaddr instructions-per-run runs", to the file named
 * by its out= argument.
 *
 * QEMU 7.2 ships the plugin API without its header, so the few
 * declarations used are written here, as include/qemu/qemu-plugin.h of
 * QEMU 7.2 (plugin API version 1) has them.  Counting is inline (no
 * callback per block) and is exact under -icount, where TCG runs one vCPU
 * thread.
 *
 * build: gcc -shared -fPIC -O2 -o tb-count.so bench/tb-count.c
 * use:   qemu-system-x86_64 -plugin ./tb-count.so,out=FILE ...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;
struct qemu_plugin_tb;

enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
	enum qemu_plugin_op op, void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, void *userdata), void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* One entry per (start address, length): a block may be translated again. */
struct block {
	uint64_t vaddr;
	uint64_t insns;
	uint64_t runs;
};

#define NBLOCKS (1u << 22)
static struct block *blocks;
static unsigned int used;
static char *out_path;

static struct block *lookup(uint64_t vaddr, uint64_t insns)
{
	uint64_t h = (vaddr ^ (vaddr >> 17) ^ insns) * 0x9e3779b97f4a7c15ull;
	unsigned int i = h >> 42;

	for (;; i = (i + 1) & (NBLOCKS - 1)) {
		struct block *b = &blocks[i];

		if (b->insns == insns && b->vaddr == vaddr)
			return b;
		if (!b->insns) {
			if (used + 1 >= NBLOCKS / 2)
				return NULL;
			used++;
			b->vaddr = vaddr;
			b->insns = insns;
			return b;
		}
	}
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b = lookup(qemu_plugin_tb_vaddr(tb),
				 qemu_plugin_tb_n_insns(tb));

	if (b)
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
			QEMU_PLUGIN_INLINE_ADD_U64, &b->runs, 1);
}

static void at_exit(qemu_plugin_id_t id, void *userdata)
{
	FILE *f = fopen(out_path, "w");
	unsigned int i;

	if (!f) {
		perror(out_path);
		return;
	}
	for (i = 0; i < NBLOCKS; i++)
		if (blocks[i].runs)
			fprintf(f, "%llx %llu %llu\n",
				(unsigned long long)blocks[i].vaddr,
				(unsigned long long)blocks[i].insns,
				(unsigned long long)blocks[i].runs);
	if (used + 1 >= NBLOCKS / 2)
		fprintf(f, "# table full: blocks lost\n");
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			out_path = argv[i] + 4;
	if (!out_path) {
		fprintf(stderr, "tb-count: no out=FILE\n");
		return -1;
	}
	blocks = calloc(NBLOCKS, sizeof(*blocks));
	if (!blocks)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);

	return 0;
}
