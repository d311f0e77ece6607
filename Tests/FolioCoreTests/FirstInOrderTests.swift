import FolioCore
import Testing

@Suite("The first N in order")
struct FirstInOrderTests {
    @Test("the same elements, in the same order, as a full sort cut to N, ties included")
    func sameAsSorting() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let values = (0..<Int.random(in: 0..<300, using: &random)).map { i in (key: Int.random(in: 0..<20, using: &random), tie: i) }
            let order = { (a: (key: Int, tie: Int), b: (key: Int, tie: Int)) in a.key != b.key ? a.key > b.key : a.tie < b.tie }
            for count in [0, 1, 5, 20, values.count, values.count + 3] {
                let sorted = values.sorted(by: order).prefix(count)
                #expect(values.firstInOrder(count, by: order).map(\.tie) == sorted.map(\.tie))
            }
        }
    }
}
