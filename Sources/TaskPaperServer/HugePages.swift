import Glibc

/// Memory for per-document arrays and large answers. First touching tens of megabytes in 4 KiB pages
/// costs thousands of page faults: opening a 100,000-line document spent about a third of its CPU time in
/// the kernel, clearing and mapping pages for its line arrays. Asked (`MADV_HUGEPAGE`, which Linux's default
/// `madvise` mode of transparent huge pages honours), the kernel backs such memory with 2 MiB pages.
enum HugePages {
    static let size = 2 << 20
    /// The C library maps an allocation this large on its own (glibc's mmap threshold never grows past
    /// 32 MiB), so it goes back to the system when freed; huge pages in the heap it shares with small
    /// allocations would stay resident after their arrays are gone.
    static let ownMapping = 32 << 20

    /// How many elements to allocate for `count` of them: a large array is allocated at least
    /// `ownMapping` bytes so it is mapped on its own (address space only: untouched pages cost nothing).
    static func capacity<Element>(for count: Int, of _: Element.Type) -> Int {
        let stride = MemoryLayout<Element>.stride
        guard count * stride >= 2 * size else { return count }
        return max(count, ownMapping / stride + 1)
    }

    /// Asks for huge pages under a new array's storage: all of it, so the last partial 2 MiB of what is used
    /// is covered too (pages past it cost nothing until touched).
    static func advise<Element>(_ storage: UnsafeMutableBufferPointer<Element>) {
        let stride = MemoryLayout<Element>.stride
        guard storage.count * stride >= ownMapping, let base = storage.baseAddress else { return }
        advise(UnsafeMutableRawPointer(base), byteCount: storage.count * stride)
    }

    /// The same for raw bytes the caller knows to be mapped on their own.
    static func advise(_ base: UnsafeMutableRawPointer, byteCount: Int) {
        let from = (Int(bitPattern: base) + size - 1) & ~(size - 1)
        let to = (Int(bitPattern: base) + byteCount) & ~(size - 1)
        guard to > from else { return }
        // Only advice: where the kernel has no huge pages to give (or THP is off) nothing changes.
        _ = madvise(UnsafeMutableRawPointer(bitPattern: from), to - from, MADV_HUGEPAGE)
    }
}
