import Foundation
import TestSupport

/// Stand-ins for Xcode's `xcrun simctl` and `xcrun devicectl` around an app, over
/// ``DefaultsStandIn`` (whose `defaults` keeps each domain in a file): the `xcrun` script here
/// replaces its `xcrun`, and appends each call to the same log, so that a test sees the order
/// of every call, `defaults` ones included.
///
/// What they answer follows Apple's tools as public transcripts show them (they were not run
/// here): `simctl spawn <device> launchctl list` prints `PID<tab>Status<tab>Label` lines, an
/// app's label `UIKitApplication:<bundle>[<hex>][rb-legacy]` (facebook/idb's
/// FBSimulatorLaunchCtlCommand reads it so; a device's launchd dump shows
/// `UIKitApplication:com.hightowerai.MobileJarvisNative[4263][rb-legacy]`); `simctl terminate`
/// of an app that is not running fails with exit status 3 and "found nothing to terminate";
/// `simctl launch` prints `<bundle>: <pid>`. devicectl writes its answer to `--json-output
/// <file>` in the shapes Qt Creator's tests pin (qt-creator/qt-creator,
/// tests/auto/ios/devicectlutils/tst_devicectlutils.cpp): `info.outcome`, `result.apps[].url`,
/// `result.runningProcesses[].executable`/`processIdentifier`, and on failure
/// `error.userInfo.NSLocalizedDescription.string`; `copy from` will not overwrite its
/// destination (a script that drives it says so).
///
/// State: the simulator app runs while `state/sim-running` exists, the device app while
/// `state/device-running` does; the device's copy of the app's preferences is
/// `device/Library/Preferences/<bundle>.plist`. `XCRUN_MODE` holds words `fail:<call>`,
/// `hang:<call>` or `noisy`, where `<call>` is `simctl-terminate`, `simctl-launch`,
/// `simctl-launchctl`, `devicectl-info-apps`, `devicectl-info-processes`,
/// `devicectl-process-terminate`, `devicectl-copy-from`, `devicectl-copy-to`,
/// `devicectl-process-launch`.
struct AppStandIn {
    static let bundle = DefaultsStandIn.domain
    static let appURL = "file:///private/var/containers/Bundle/Application/0A1B2C3D-1111-2222-3333-444455556666/Example.app/"

    let defaults = DefaultsStandIn()
    var sandbox: Sandbox { defaults.sandbox }
    var state: String { sandbox.folder + "/state" }
    var deviceFolder: String { sandbox.folder + "/device/Library/Preferences" }
    var devicePlist: String { deviceFolder + "/\(Self.bundle).plist" }
    /// `TMPDIR` for routectl: its private folders go here, and must be gone after each run.
    var temporary: String { sandbox.folder + "/tmp" }

    init() {
        for folder in [state, deviceFolder, temporary] {
            try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let log = defaults.log
        let pids = defaults.pids
        let xcrun = #"""
            #!/bin/sh
            # A stand-in for Xcode's xcrun: simctl spawn/terminate/launch and devicectl (AppStandIn).
            printf '%s\n' "xcrun $*" >> '\#(log)'
            state='\#(state)'
            bundle='\#(Self.bundle)'
            call=
            case "$1 $2" in
            "simctl spawn") [ "$4" = launchctl ] && call=simctl-launchctl ;;
            "simctl terminate"|"simctl launch") call="simctl-$2" ;;
            devicectl*) call="devicectl-$3-$4" ;;
            esac
            case " ${XCRUN_MODE:-} " in
            *" hang:$call "*) echo $$ > '\#(pids)/tool'; sleep 30; exit 0 ;;
            esac
            failing() { case " ${XCRUN_MODE:-} " in *" fail:$call "*) return 0 ;; esac; return 1; }
            if [ "$1" = simctl ]; then
              case "$2" in
              spawn)
                if [ "$4" = launchctl ] && [ "$5" = list ]; then
                  printf 'PID\tStatus\tLabel\n'
                  printf '%s\t0\t%s\n' 101 com.apple.backboardd - com.apple.searchd 4243 "UIKitApplication:$bundle.widget[9c1e][rb-legacy]"
                  [ -f "$state/sim-running" ] && printf '%s\t0\t%s\n' 4242 "UIKitApplication:$bundle[a1b2][rb-legacy]"
                  exit 0
                fi
                [ "$#" -ge 4 ] || exit 64
                shift 3
                exec "$@" ;;
              terminate)
                if failing; then
                  printf '%s\n' 'An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):' 'Unable to lookup in current state: Shutdown' >&2
                  exit 149
                fi
                if [ -f "$state/sim-running" ]; then rm "$state/sim-running"; exit 0; fi
                printf '%s\n' 'An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=3):' "Simulator device failed to terminate $4." 'found nothing to terminate' >&2
                exit 3 ;;
              launch)
                if failing; then
                  printf '%s\n' 'An error was encountered processing the command (domain=FBSOpenApplicationServiceErrorDomain, code=4):' "The request to open \"$4\" failed." >&2
                  exit 4
                fi
                touch "$state/sim-running"
                echo "$4: 4242"
                exit 0 ;;
              esac
            fi
            if [ "$1" = devicectl ]; then
              shift
              json= source= destination= pid= wanted=
              words=
              while [ "$#" -gt 0 ]; do
                case "$1" in
                --json-output) json=$2; shift 2 ;;
                --source) source=$2; shift 2 ;;
                --destination) destination=$2; shift 2 ;;
                --pid) pid=$2; shift 2 ;;
                --bundle-id) wanted=$2; shift 2 ;;
                --device|--domain-type|--domain-identifier) shift 2 ;;
                *) words="$words $1"; shift ;;
                esac
              done
              answer() { [ -n "$json" ] && printf '%s\n' "$1" > "$json"; return 0; }
              fail() {
                description=$1
                case " ${XCRUN_MODE:-} " in *" noisy "*) description="\\u001b[31m$1\\u001b[0m\\nsecond line\\u0007" ;; esac
                answer "{\"error\" : {\"code\" : 1000, \"domain\" : \"com.apple.dt.CoreDeviceError\", \"userInfo\" : {\"NSLocalizedDescription\" : {\"string\" : \"$description\"}}}, \"info\" : {\"outcome\" : \"failed\", \"jsonVersion\" : 2}}"
                echo "ERROR: $1" >&2
                exit 1
              }
              success() { answer "{\"info\" : {\"outcome\" : \"success\", \"jsonVersion\" : 2}, \"result\" : $1}"; exit 0; }
              failing && fail "The specified device was not found. (Name: iPhone 15)"
              app='\#(Self.appURL)'
              case "$words" in
              " device info apps")
                if [ "$wanted" = "$bundle" ]; then
                  success "{\"apps\" : [{\"bundleIdentifier\" : \"$bundle\", \"builtByDeveloper\" : true, \"name\" : \"Example\", \"url\" : \"$app\"}]}"
                fi
                success '{"apps" : []}' ;;
              " device info processes")
                list='{"executable" : "file:///sbin/launchd", "processIdentifier" : 1}, {"executable" : "file:///private/var/containers/Bundle/Application/FFFF0000-1111-2222-3333-444455556666/ExampleTwo.app/ExampleTwo", "processIdentifier" : 700}'
                [ -f "$state/device-running" ] && list="$list, {\"executable\" : \"${app}Example\", \"processIdentifier\" : 801}"
                success "{\"runningProcesses\" : [$list]}" ;;
              " device process terminate")
                [ "$pid" = 801 ] && [ -f "$state/device-running" ] || fail "No such process: $pid"
                rm "$state/device-running"
                success '{}' ;;
              " device copy from")
                [ "$source" = "Library/Preferences/$bundle.plist" ] || fail "The file \"$source\" couldn't be opened because there is no such file."
                [ -e "$destination" ] && fail "The file \"$(basename "$destination")\" couldn't be saved because a file with the same name already exists."
                cp '\#(sandbox.folder)'/device/"$source" "$destination" || fail "copy failed"
                success '{}' ;;
              " device copy to")
                [ "$destination" = "Library/Preferences/$bundle.plist" ] || fail "unexpected destination $destination"
                cp "$source" '\#(sandbox.folder)'/device/"$destination.new" && mv '\#(sandbox.folder)'/device/"$destination.new" '\#(sandbox.folder)'/device/"$destination" || fail "copy failed"
                success '{}' ;;
              " device process launch"*)
                touch "$state/device-running"
                success "{\"process\" : {\"executable\" : \"${app}Example\", \"processIdentifier\" : 802}}" ;;
              esac
              fail "unknown command:$words"
            fi
            echo "xcrun: error: unable to find utility \"$1\"" >&2
            exit 72

            """#
        _ = FileManager.default.createFile(atPath: defaults.bin + "/xcrun", contents: Data(xcrun.utf8), attributes: [.posixPermissions: 0o755])
    }

    /// Makes the simulator's or the device's app run (or not).
    func running(simulator: Bool = false, device: Bool = false) {
        for (name, on) in [("sim-running", simulator), ("device-running", device)] {
            let path = state + "/" + name
            if on { _ = FileManager.default.createFile(atPath: path, contents: Data()) } else { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    func isRunning(_ name: String) -> Bool { FileManager.default.fileExists(atPath: state + "/" + name) }

    /// The calls logged since the last time, with routectl's temporary paths as `<temp>/<name>`.
    func takeCalls() -> [String] {
        defaults.takeCalls().map { call in
            call.split(separator: " ").map { word in
                word.hasPrefix(temporary + "/") ? "<temp>/" + (word.split(separator: "/").last.map(String.init) ?? "") : String(word)
            }.joined(separator: " ")
        }
    }

    /// What is left in ``temporary``.
    func leftovers() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    }

    /// The device's copy of the preferences, read by Foundation; nil when there is none or
    /// Foundation does not read it.
    func devicePreferences() -> [String: Any]? {
        FileManager.default.contents(atPath: devicePlist).flatMap {
            try? PropertyListSerialization.propertyList(from: $0, options: [], format: nil) as? [String: Any]
        }
    }

    /// The domain's preferences as `defaults` keeps them, read by Foundation.
    func domainPreferences() -> [String: Any]? {
        FileManager.default.contents(atPath: defaults.plist()).flatMap {
            try? PropertyListSerialization.propertyList(from: $0, options: [], format: nil) as? [String: Any]
        }
    }

    /// Runs routectl with `arguments`, the stand-ins first on `PATH`, `TMPDIR` in the sandbox.
    func run(_ arguments: [String], mode: String? = nil, defaultsMode: String? = nil, toolTimeout: String? = nil) -> RunResult {
        var environment = defaults.environment(mode: defaultsMode, xcrunMode: mode, toolTimeout: toolTimeout)
        environment["TMPDIR"] = temporary
        return TestSupport.Subprocess.run(
            Routectl.binary, arguments, environment: TestEnvironment.make(home: sandbox.folder, environment), in: sandbox.folder, timeout: Patience.hang)
    }
}
