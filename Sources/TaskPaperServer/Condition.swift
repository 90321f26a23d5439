import Glibc  // Linux only (Sources/TaskPaperServer/README.md)

/// A mutex with a condition variable: the two threads of the server (reader
/// and loop) meet here. Plain pthreads keep the server off Foundation's
/// threading (and its ICU-laden import).
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for `signal` (the lock must be held).
    func wait() { pthread_cond_wait(cond, mutex) }
    func signal() { pthread_cond_signal(cond) }
}
