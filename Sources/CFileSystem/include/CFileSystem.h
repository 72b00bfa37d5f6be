#ifndef IMDF_CFILESYSTEM_H
#define IMDF_CFILESYSTEM_H

/* Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE), the one way to replace a
 * whole directory in a single step. Returns 0, or -1 with errno set (EINVAL or ENOSYS where the
 * file system or kernel cannot exchange; callers then fall back to two renames). Swift's Glibc
 * module does not export renameat2, hence this shim. */
int imdf_exchange_paths(const char *first, const char *second);

#endif
