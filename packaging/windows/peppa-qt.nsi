; NSIS script: PeppaSetup-<version>.exe, the Windows installer of the game.
;
; python packaging/build.py --target windows runs it after PyInstaller, with every value
; below given as -DNAME=value (packaging/installers/nsis.py; the names and ids live in
; packaging/installers/appinfo.py, shared with the .deb and the macOS app). The same script
; is compiled by Debian's makensis on Linux and by NSIS's own on the Windows release runner.
;
; A per-user install, no administrator rights: the game goes to the user's programs folder
; (%LOCALAPPDATA%\Programs\Peppa), a shortcut to the Start menu, one on the desktop if asked
; (the components page; /DESKTOP when silent), and an uninstaller in Settings > Apps (the
; HKCU Uninstall key). Its pages speak Italian on an Italian Windows, English elsewhere.
;
; The uninstaller removes what the installer put, file by file (the lists build.py writes),
; the shortcuts and the Uninstall key. The player's settings, statistics and saved games
; (%LOCALAPPDATA%\peppa-qt, written by the game) stay: docs/decisions.md says why.
;
; Silent: PeppaSetup-<version>.exe /S [/DESKTOP] [/D=C:\folder]; uninstall.exe /S.

!ifndef APP_VERSION | APP_NUMERIC_VERSION | APP_GUID | APP_PUBLISHER | APP_EXE
  !error "Pass -DAPP_VERSION=... and the others (python packaging/build.py does)"
!endif
!ifndef INSTALLED_SIZE_KB | ICON_FILE | LICENSE_FILE | OUTPUT_FILE
  !error "Pass -DINSTALLED_SIZE_KB=... and the others (python packaging/build.py does)"
!endif
!ifndef INSTALL_FILES | UNINSTALL_FILES
  !error "Pass -DINSTALL_FILES=... -DUNINSTALL_FILES=... (python packaging/build.py does)"
!endif

; A 64-bit installer for a 64-bit game: Wine without its 32-bit half runs it, and it writes
; the 64-bit registry view Windows reads. Debian's nsis has these stubs; NSIS's own Windows
; release has only the 32-bit ones, which is why the release builds on Debian as here.
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma
RequestExecutionLevel user

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_GUID}"
!define SHORTCUT "Peppa.lnk"

Name "Peppa"
OutFile "${OUTPUT_FILE}"
InstallDir "$LOCALAPPDATA\Programs\Peppa"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "Peppa ${APP_VERSION}"

VIProductVersion "${APP_NUMERIC_VERSION}"
VIFileVersion "${APP_NUMERIC_VERSION}"
VIAddVersionKey /LANG=1033 "ProductName" "Peppa"
VIAddVersionKey /LANG=1033 "ProductVersion" "${APP_VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${APP_VERSION}"
VIAddVersionKey /LANG=1033 "CompanyName" "${APP_PUBLISHER}"
VIAddVersionKey /LANG=1033 "FileDescription" "Peppa setup"
VIAddVersionKey /LANG=1033 "LegalCopyright" "${APP_PUBLISHER}"

!define MUI_ICON "${ICON_FILE}"
!define MUI_UNICON "${ICON_FILE}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${LICENSE_FILE}"
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; English first: the language of a Windows that speaks neither.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Italian"

; Short: the components list is narrow (the game comes with its Start menu shortcut).
LangString GameSection ${LANG_ENGLISH} "Peppa and its Start menu shortcut"
LangString GameSection ${LANG_ITALIAN} "Peppa e il collegamento nel menu Start"
LangString DesktopSection ${LANG_ENGLISH} "A shortcut on the desktop"
LangString DesktopSection ${LANG_ITALIAN} "Un collegamento sul desktop"
LangString StillRunning ${LANG_ENGLISH} "Peppa is open. Close it, then choose Retry."
LangString StillRunning ${LANG_ITALIAN} "Peppa è aperto. Chiudilo, poi scegli Riprova."

Section "$(GameSection)" SectionGame
  SectionIn RO
  SetShellVarContext current
  Call RemoveEarlierVersion
  !include "${INSTALL_FILES}"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortCut "$SMPROGRAMS\${SHORTCUT}" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Peppa"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${APP_VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${APP_PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" ${INSTALLED_SIZE_KB}
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section /o "$(DesktopSection)" SectionDesktop
  SetShellVarContext current
  CreateShortCut "$DESKTOP\${SHORTCUT}" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0
SectionEnd

Function .onInit
  ${GetParameters} $0
  ClearErrors
  ${GetOptions} $0 "/DESKTOP" $1
  ${IfNot} ${Errors}
    SectionSetFlags ${SectionDesktop} ${SF_SELECTED}
  ${EndIf}
FunctionEnd

; An earlier version's files go first, by its own uninstaller (run in place, silently):
; a file the new version no longer has would otherwise stay behind, unknown to the new one.
Function RemoveEarlierVersion
  ReadRegStr $0 HKCU "${UNINSTALL_KEY}" "InstallLocation"
  ${If} $0 != ""
  ${AndIf} ${FileExists} "$0\uninstall.exe"
    ExecWait '"$0\uninstall.exe" /S _?=$0'
    Delete "$0\uninstall.exe"
    RMDir "$0"
  ${EndIf}
FunctionEnd

Section "Uninstall"
  SetShellVarContext current
  ; A running game holds its files: ask to close it rather than leave half of them.
  retry:
  ClearErrors
  Delete "$INSTDIR\${APP_EXE}"
  ${If} ${Errors}
  ${AndIf} ${FileExists} "$INSTDIR\${APP_EXE}"
    MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "$(StillRunning)" /SD IDCANCEL IDRETRY retry
    Abort
  ${EndIf}
  !include "${UNINSTALL_FILES}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${SHORTCUT}"
  Delete "$DESKTOP\${SHORTCUT}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
