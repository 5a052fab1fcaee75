/* icuuc.dll for Wine only: the build environment's stand-in, never shipped.
 *
 * Qt 6.7+ on Windows links QtCore against the system's ICU (C:\Windows\System32\icuuc.dll,
 * part of Windows 10 1903 and later) for QStringConverter's legacy encodings. Wine 8 has no
 * such DLL, so QtCore does not load at all. These stubs say that no ICU converter exists:
 * QtCore then loads and knows the encodings it implements itself (UTF-8, UTF-16, UTF-32,
 * Latin-1, the system code page), which are all the game uses. packaging/installers/wine.py
 * compiles this with mingw-w64 into each Wine prefix's system32, where PyInstaller does not
 * collect it (it leaves out what lies in the Windows folder).
 */
#include <stddef.h>

typedef int UErrorCode;
#define U_FILE_ACCESS_ERROR 4
#define EXPORT __declspec(dllexport)

static void *fail(UErrorCode *error)
{
    if (error != NULL && *error <= 0)
        *error = U_FILE_ACCESS_ERROR;
    return NULL;
}

/* No converter opens: every caller checks for NULL and the error code. */
EXPORT void *ucnv_open(const char *name, UErrorCode *error) { (void)name; return fail(error); }
EXPORT const char *ucnv_getStandardName(const char *name, const char *standard, UErrorCode *error)
{
    (void)name; (void)standard; return fail(error);
}
EXPORT int ucnv_countAvailable(void) { return 0; }
EXPORT const char *ucnv_getAvailableName(int n) { (void)n; return NULL; }

/* Never reached without an open converter; present because QtCore imports them. */
#define UNREACHED(name) EXPORT void *name(void) { return NULL; }
UNREACHED(UCNV_FROM_U_CALLBACK_SUBSTITUTE)
UNREACHED(UCNV_TO_U_CALLBACK_SUBSTITUTE)
UNREACHED(ucnv_cbFromUWriteUChars)
UNREACHED(ucnv_cbToUWriteUChars)
UNREACHED(ucnv_close)
UNREACHED(ucnv_fromUCountPending)
UNREACHED(ucnv_fromUnicode)
UNREACHED(ucnv_getFromUCallBack)
UNREACHED(ucnv_getMaxCharSize)
UNREACHED(ucnv_getName)
UNREACHED(ucnv_getToUCallBack)
UNREACHED(ucnv_reset)
UNREACHED(ucnv_setFromUCallBack)
UNREACHED(ucnv_setToUCallBack)
UNREACHED(ucnv_toUCountPending)
UNREACHED(ucnv_toUnicode)
