// Every pair, counted.
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    for (auto &v : a)
        if (std::scanf("%lld", &v) != 1) return 1;
    long long count = 0;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) count += a[i] > a[j];
    std::printf("%lld\n", count);
}
