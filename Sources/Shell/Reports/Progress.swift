// A one-line progress display on standard error for long work (opening, validating, replaying):
// only on a terminal, and only once the work has taken half a second, so quick work and pipes see
// nothing. A timer keeps the elapsed time moving where the work reports no steps of its own.

import Dispatch
import Foundation
import Render
import Synchronization
import Validation

// @unchecked: the timer is set once in init and only cancelled afterwards, which a dispatch
// source allows from any thread; everything else that changes is behind the mutex.
public final class Progress: @unchecked Sendable {
    /// Work quicker than this shows nothing.
    public static let standardDelay = 0.5

    private struct State {
        var detail: String
        var shown = false
        var finished = false
        var lastDrawn: Double?
    }

    private let label: String
    private let delay: Double
    private let write: @Sendable (String) -> Void
    private let start = DispatchTime.now()
    private let state: Mutex<State>
    private let timer: DispatchSourceTimer?

    /// Progress of `label` ("opening venue.zip"), drawn only when standard error is a terminal
    /// (`write`, `delay` and `ticking` - a timer that redraws the elapsed time - are for tests).
    public init(
        _ label: String, detail: String = "", onTerminal: Bool = isatty(2) == 1, delay: Double = standardDelay, ticking: Bool = true,
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.label = label
        self.delay = delay
        self.write = write
        state = Mutex(State(detail: detail))
        guard onTerminal, ticking else {
            timer = nil
            if onTerminal { return }
            state.withLock { $0.finished = true }
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        self.timer = timer
        timer.schedule(deadline: .now() + delay, repeating: 0.25)
        timer.setEventHandler { [weak self] in self?.draw(force: true) }
        timer.resume()
    }

    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }

    /// A new step ("120 of 200 levels"); drawn at most ten times a second.
    public func update(_ detail: String) {
        state.withLock { $0.detail = detail }
        draw(force: false)
    }

    private func draw(force: Bool) {
        let time = elapsed
        guard time >= delay else { return }
        let line: String? = state.withLock { state in
            guard !state.finished, force || state.lastDrawn.map({ time - $0 >= 0.1 }) ?? true else { return nil }
            state.shown = true
            state.lastDrawn = time
            return "\(label)" + (state.detail.isEmpty ? "" : ": \(state.detail)") + String(format: " (%.1f s)", time)
        }
        if let line { write("\r\u{1B}[K" + TerminalText.sanitized(line)) }
    }

    /// Stops the display and clears its line.
    public func finish() {
        timer?.cancel()
        let wasShown = state.withLock { state in
            defer { state.finished = true }
            return state.shown && !state.finished
        }
        if wasShown { write("\r\u{1B}[K") }
    }

    deinit { timer?.cancel() }

    /// The validator's stages as steps.
    public var validationStages: @Sendable (ValidationStage) -> Void {
        { [self] stage in
            switch stage {
            case .features(let done, let total): update("\(done.grouped) of \(total.grouped) features")
            case .levels(let done, let total): update("\(done) of \(total) levels")
            }
        }
    }
}
