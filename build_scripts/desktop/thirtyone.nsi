; The Windows installer of thirtyone (NSIS 3). Per user, without admin rights: the game goes to
; %LOCALAPPDATA%\Programs\thirtyone, a Start-menu entry with the game's icon, and an uninstaller
; listed in Apps & features (HKCU). Nothing is signed.
; Built by build_scripts/desktop/installer.py, which passes the defines below; the release
; workflow runs it on Windows after the folder build, .ci/desktop_checks on Linux against the
; Linux folder as a smoke test (the same script, other files).
;   VERSION   the game's version (1.2.3rc1)        VERSION4  its four Windows numbers (1.2.3.0)
;   SOURCE    the folder build (dist\thirtyone)   PROGRAM   the program in it (thirtyone.exe)
;   ICON      the .ico for installer and uninstaller      OUTFILE   the installer to write
;   APP_ID    the reverse-DNS id, the uninstall key's name

Unicode true
!include "MUI2.nsh"
!include "FileFunc.nsh"

!ifndef VERSION | VERSION4 | SOURCE | PROGRAM | ICON | OUTFILE | APP_ID
  !error "run build_scripts/desktop/installer.py, which defines VERSION, VERSION4, SOURCE, PROGRAM, ICON, OUTFILE and APP_ID"
!endif
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_ID}"
!define SHORTCUT "$SMPROGRAMS\Thirtyone.lnk"

Name "Thirtyone"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\thirtyone"
; A new version goes where the last one is.
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
SetCompressor /SOLID lzma
ManifestDPIAware true
BrandingText "Thirtyone ${VERSION}"

VIProductVersion "${VERSION4}"
VIFileVersion "${VERSION4}"
VIAddVersionKey /LANG=0 "ProductName" "Thirtyone"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "Thirtyone ${VERSION} setup"
VIAddVersionKey /LANG=0 "CompanyName" "The thirtyone authors"
VIAddVersionKey /LANG=0 "LegalCopyright" "Copyright (c) 2026 The thirtyone authors, MIT licence"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${PROGRAM}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
; The installer speaks the system's language: English, or German.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"

Section "Thirtyone"
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  ; An older version's files go first, so none of them lingers beside the new ones.
  RMDir /r "$INSTDIR\_internal"
  File /r "${SOURCE}/*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "${SHORTCUT}" "$INSTDIR\${PROGRAM}" "" "$INSTDIR\${PROGRAM}" 0

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Thirtyone"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${PROGRAM},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The thirtyone authors"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "URLInfoAbout" "https://github.com/thirtyone/thirtyone"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

; Removes what the installer put there and nothing else: settings, saves and statistics live in
; the user's AppData folders (not here) and stay for the next install.
Section "Uninstall"
  SetShellVarContext current
  Delete "${SHORTCUT}"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${PROGRAM}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
