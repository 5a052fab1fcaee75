; Inno Setup script: PeppaSetup-<version>.exe, the Windows installer of the game.
;
; python packaging/build.py runs it after PyInstaller, passing every value below with /D
; (iscc /DAppVersion=0.1.0 ... packaging\windows\peppa-qt.iss); the values live in
; packaging/installers/appinfo.py, shared with the .deb and the macOS app.
;
; A per-user install: no administrator rights, the game goes to the user's programs folder
; (%LOCALAPPDATA%\Programs\Peppa), a shortcut to the Start menu (a desktop one if asked), and
; an uninstaller in Settings > Apps. The player's settings and saved games
; (%LOCALAPPDATA%\peppa-qt) are theirs: uninstalling leaves them.

#ifndef AppVersion
  #error Pass /DAppVersion=... (python packaging/build.py does)
#endif
#ifndef AppNumericVersion
  #error Pass /DAppNumericVersion=... (python packaging/build.py does)
#endif
#ifndef AppId
  #error Pass /DAppId=... (python packaging/build.py does)
#endif
#ifndef AppPublisher
  #error Pass /DAppPublisher=... (python packaging/build.py does)
#endif
#ifndef SourceDir
  #error Pass /DSourceDir=... (python packaging/build.py does)
#endif
#ifndef IconFile
  #error Pass /DIconFile=... (python packaging/build.py does)
#endif
#ifndef LicenseFile
  #error Pass /DLicenseFile=... (python packaging/build.py does)
#endif
#ifndef OutputDir
  #error Pass /DOutputDir=... (python packaging/build.py does)
#endif

[Setup]
AppId={#AppId}
AppName=Peppa
AppVersion={#AppVersion}
AppVerName=Peppa {#AppVersion}
AppPublisher={#AppPublisher}
DefaultDirName={autopf}\Peppa
DefaultGroupName=Peppa
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile={#LicenseFile}
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\peppa-qt.exe
UninstallDisplayName=Peppa
OutputDir={#OutputDir}
OutputBaseFilename=PeppaSetup-{#AppVersion}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
VersionInfoVersion={#AppNumericVersion}
VersionInfoProductVersion={#AppNumericVersion}
VersionInfoProductName=Peppa
VersionInfoCompany={#AppPublisher}
VersionInfoDescription=Peppa setup

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "italian"; MessagesFile: "compiler:Languages\Italian.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Peppa"; Filename: "{app}\peppa-qt.exe"
Name: "{autodesktop}\Peppa"; Filename: "{app}\peppa-qt.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\peppa-qt.exe"; Description: "{cm:LaunchProgram,Peppa}"; Flags: nowait postinstall skipifsilent
