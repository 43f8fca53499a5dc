/*
 * bcryptprimitives.c: a stand-in for Windows' bcryptprimitives.dll, for the Wine tests
 * only (cmd/arbitro/wine_test.go compiles it and copies it into the Wine prefix's
 * windows/system32; it is never shipped).
 *
 * Why: since Go 1.24 the Windows runtime takes its random bytes from ProcessPrng in
 * bcryptprimitives.dll, loaded from the system directory only. Debian 12's Wine 8 has
 * no such DLL, so every Go program dies at start-up with "fatal error:
 * bcryptprimitives.dll not found". This file gives Wine ProcessPrng over RtlGenRandom
 * (SystemFunction036 in advapi32), which Wine has. Drop it, and its use in the test,
 * once Debian's Wine ships bcryptprimitives.dll (upstream Wine 9 does).
 *
 * Build: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */

/* ProcessPrng fills data with len random bytes; like Windows' own, it returns TRUE. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
