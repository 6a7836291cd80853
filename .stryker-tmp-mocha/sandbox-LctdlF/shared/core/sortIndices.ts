/**
 * Sorting prediction indices by score, descending, ties in index order. Array.prototype.sort with a
 * comparator dominated evaluation time (a JS call per comparison); this quicksort moves keys and
 * indices together in typed arrays, so each comparison reads two adjacent numbers.
 */
// @ts-nocheck


/**
 * Indices 0..n-1 ordered by keys descending, equal keys by index ascending. With `needed`, only
 * the positions of flagged indices are exact: a segment holding no flagged index is left unsorted.
 */function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
export function sortIndicesByKeyDesc(keys: Float64Array, needed?: Uint8Array): Int32Array {
  if (stryMutAct_9fa48("2003")) {
    {}
  } else {
    stryCov_9fa48("2003");
    const n = keys.length;
    const idx = new Int32Array(n);
    for (let i = 0; stryMutAct_9fa48("2006") ? i >= n : stryMutAct_9fa48("2005") ? i <= n : stryMutAct_9fa48("2004") ? false : (stryCov_9fa48("2004", "2005", "2006"), i < n); stryMutAct_9fa48("2007") ? i-- : (stryCov_9fa48("2007"), i++)) idx[i] = i;
    let sorted = stryMutAct_9fa48("2008") ? false : (stryCov_9fa48("2008"), true);
    for (let i = 1; stryMutAct_9fa48("2010") ? i < n || sorted : stryMutAct_9fa48("2009") ? false : (stryCov_9fa48("2009", "2010"), (stryMutAct_9fa48("2013") ? i >= n : stryMutAct_9fa48("2012") ? i <= n : stryMutAct_9fa48("2011") ? true : (stryCov_9fa48("2011", "2012", "2013"), i < n)) && sorted); stryMutAct_9fa48("2014") ? i-- : (stryCov_9fa48("2014"), i++)) if (stryMutAct_9fa48("2018") ? keys[i] <= keys[i - 1] : stryMutAct_9fa48("2017") ? keys[i] >= keys[i - 1] : stryMutAct_9fa48("2016") ? false : stryMutAct_9fa48("2015") ? true : (stryCov_9fa48("2015", "2016", "2017", "2018"), keys[i] > keys[stryMutAct_9fa48("2019") ? i + 1 : (stryCov_9fa48("2019"), i - 1)])) sorted = stryMutAct_9fa48("2020") ? true : (stryCov_9fa48("2020"), false);
    if (stryMutAct_9fa48("2023") ? false : stryMutAct_9fa48("2022") ? true : stryMutAct_9fa48("2021") ? sorted : (stryCov_9fa48("2021", "2022", "2023"), !sorted)) quicksort(stryMutAct_9fa48("2024") ? keys : (stryCov_9fa48("2024"), keys.slice()), idx, 0, stryMutAct_9fa48("2025") ? n + 1 : (stryCov_9fa48("2025"), n - 1), needed);
    return idx;
  }
}

// a goes before b: larger key first, then smaller index.
function before(ka: number, ia: number, kb: number, ib: number): boolean {
  if (stryMutAct_9fa48("2026")) {
    {}
  } else {
    stryCov_9fa48("2026");
    return stryMutAct_9fa48("2029") ? ka > kb && ka === kb && ia < ib : stryMutAct_9fa48("2028") ? false : stryMutAct_9fa48("2027") ? true : (stryCov_9fa48("2027", "2028", "2029"), (stryMutAct_9fa48("2032") ? ka <= kb : stryMutAct_9fa48("2031") ? ka >= kb : stryMutAct_9fa48("2030") ? false : (stryCov_9fa48("2030", "2031", "2032"), ka > kb)) || (stryMutAct_9fa48("2034") ? ka === kb || ia < ib : stryMutAct_9fa48("2033") ? false : (stryCov_9fa48("2033", "2034"), (stryMutAct_9fa48("2036") ? ka !== kb : stryMutAct_9fa48("2035") ? true : (stryCov_9fa48("2035", "2036"), ka === kb)) && (stryMutAct_9fa48("2039") ? ia >= ib : stryMutAct_9fa48("2038") ? ia <= ib : stryMutAct_9fa48("2037") ? true : (stryCov_9fa48("2037", "2038", "2039"), ia < ib)))));
  }
}

// Whether ix[lo..hi] holds an index whose final position matters.
function holdsNeeded(ix: Int32Array, needed: Uint8Array, lo: number, hi: number): boolean {
  if (stryMutAct_9fa48("2040")) {
    {}
  } else {
    stryCov_9fa48("2040");
    for (let i = lo; stryMutAct_9fa48("2043") ? i > hi : stryMutAct_9fa48("2042") ? i < hi : stryMutAct_9fa48("2041") ? false : (stryCov_9fa48("2041", "2042", "2043"), i <= hi); stryMutAct_9fa48("2044") ? i-- : (stryCov_9fa48("2044"), i++)) if (stryMutAct_9fa48("2046") ? false : stryMutAct_9fa48("2045") ? true : (stryCov_9fa48("2045", "2046"), needed[ix[i]])) return stryMutAct_9fa48("2047") ? false : (stryCov_9fa48("2047"), true);
    return stryMutAct_9fa48("2048") ? true : (stryCov_9fa48("2048"), false);
  }
}
function quicksort(k: Float64Array, ix: Int32Array, lo: number, hi: number, needed?: Uint8Array): void {
  if (stryMutAct_9fa48("2049")) {
    {}
  } else {
    stryCov_9fa48("2049");
    // Segments sit at their final range after partitioning, so an unneeded one can stay unsorted.
    if (stryMutAct_9fa48("2052") ? needed || !holdsNeeded(ix, needed, lo, hi) : stryMutAct_9fa48("2051") ? false : stryMutAct_9fa48("2050") ? true : (stryCov_9fa48("2050", "2051", "2052"), needed && (stryMutAct_9fa48("2053") ? holdsNeeded(ix, needed, lo, hi) : (stryCov_9fa48("2053"), !holdsNeeded(ix, needed, lo, hi))))) return;
    while (stryMutAct_9fa48("2056") ? hi - lo <= 16 : stryMutAct_9fa48("2055") ? hi - lo >= 16 : stryMutAct_9fa48("2054") ? false : (stryCov_9fa48("2054", "2055", "2056"), (stryMutAct_9fa48("2057") ? hi + lo : (stryCov_9fa48("2057"), hi - lo)) > 16)) {
      if (stryMutAct_9fa48("2058")) {
        {}
      } else {
        stryCov_9fa48("2058");
        const mid = (stryMutAct_9fa48("2059") ? lo - hi : (stryCov_9fa48("2059"), lo + hi)) >>> 1;
        // Median of three as pivot, to stay O(n log n) on sorted-ish input.
        if (stryMutAct_9fa48("2061") ? false : stryMutAct_9fa48("2060") ? true : (stryCov_9fa48("2060", "2061"), before(k[mid], ix[mid], k[lo], ix[lo]))) swap(k, ix, mid, lo);
        if (stryMutAct_9fa48("2063") ? false : stryMutAct_9fa48("2062") ? true : (stryCov_9fa48("2062", "2063"), before(k[hi], ix[hi], k[lo], ix[lo]))) swap(k, ix, hi, lo);
        if (stryMutAct_9fa48("2065") ? false : stryMutAct_9fa48("2064") ? true : (stryCov_9fa48("2064", "2065"), before(k[hi], ix[hi], k[mid], ix[mid]))) swap(k, ix, hi, mid);
        const pk = k[mid];
        const pi = ix[mid];
        let i = lo;
        let j = hi;
        while (stryMutAct_9fa48("2068") ? i > j : stryMutAct_9fa48("2067") ? i < j : stryMutAct_9fa48("2066") ? false : (stryCov_9fa48("2066", "2067", "2068"), i <= j)) {
          if (stryMutAct_9fa48("2069")) {
            {}
          } else {
            stryCov_9fa48("2069");
            while (stryMutAct_9fa48("2070") ? false : (stryCov_9fa48("2070"), before(k[i], ix[i], pk, pi))) stryMutAct_9fa48("2071") ? i-- : (stryCov_9fa48("2071"), i++);
            while (stryMutAct_9fa48("2072") ? false : (stryCov_9fa48("2072"), before(pk, pi, k[j], ix[j]))) stryMutAct_9fa48("2073") ? j++ : (stryCov_9fa48("2073"), j--);
            if (stryMutAct_9fa48("2077") ? i > j : stryMutAct_9fa48("2076") ? i < j : stryMutAct_9fa48("2075") ? false : stryMutAct_9fa48("2074") ? true : (stryCov_9fa48("2074", "2075", "2076", "2077"), i <= j)) {
              if (stryMutAct_9fa48("2078")) {
                {}
              } else {
                stryCov_9fa48("2078");
                swap(k, ix, i, j);
                stryMutAct_9fa48("2079") ? i-- : (stryCov_9fa48("2079"), i++);
                stryMutAct_9fa48("2080") ? j++ : (stryCov_9fa48("2080"), j--);
              }
            }
          }
        }
        // Recurse into the smaller half, loop on the larger: bounded stack depth.
        if (stryMutAct_9fa48("2084") ? j - lo >= hi - i : stryMutAct_9fa48("2083") ? j - lo <= hi - i : stryMutAct_9fa48("2082") ? false : stryMutAct_9fa48("2081") ? true : (stryCov_9fa48("2081", "2082", "2083", "2084"), (stryMutAct_9fa48("2085") ? j + lo : (stryCov_9fa48("2085"), j - lo)) < (stryMutAct_9fa48("2086") ? hi + i : (stryCov_9fa48("2086"), hi - i)))) {
          if (stryMutAct_9fa48("2087")) {
            {}
          } else {
            stryCov_9fa48("2087");
            quicksort(k, ix, lo, j, needed);
            lo = i;
          }
        } else {
          if (stryMutAct_9fa48("2088")) {
            {}
          } else {
            stryCov_9fa48("2088");
            quicksort(k, ix, i, hi, needed);
            hi = j;
          }
        }
        if (stryMutAct_9fa48("2091") ? needed || !holdsNeeded(ix, needed, lo, hi) : stryMutAct_9fa48("2090") ? false : stryMutAct_9fa48("2089") ? true : (stryCov_9fa48("2089", "2090", "2091"), needed && (stryMutAct_9fa48("2092") ? holdsNeeded(ix, needed, lo, hi) : (stryCov_9fa48("2092"), !holdsNeeded(ix, needed, lo, hi))))) return;
      }
    }
    for (let i = stryMutAct_9fa48("2093") ? lo - 1 : (stryCov_9fa48("2093"), lo + 1); stryMutAct_9fa48("2096") ? i > hi : stryMutAct_9fa48("2095") ? i < hi : stryMutAct_9fa48("2094") ? false : (stryCov_9fa48("2094", "2095", "2096"), i <= hi); stryMutAct_9fa48("2097") ? i-- : (stryCov_9fa48("2097"), i++)) {
      if (stryMutAct_9fa48("2098")) {
        {}
      } else {
        stryCov_9fa48("2098");
        const vk = k[i];
        const vi = ix[i];
        let j = stryMutAct_9fa48("2099") ? i + 1 : (stryCov_9fa48("2099"), i - 1);
        while (stryMutAct_9fa48("2101") ? j >= lo || before(vk, vi, k[j], ix[j]) : stryMutAct_9fa48("2100") ? false : (stryCov_9fa48("2100", "2101"), (stryMutAct_9fa48("2104") ? j < lo : stryMutAct_9fa48("2103") ? j > lo : stryMutAct_9fa48("2102") ? true : (stryCov_9fa48("2102", "2103", "2104"), j >= lo)) && before(vk, vi, k[j], ix[j]))) {
          if (stryMutAct_9fa48("2105")) {
            {}
          } else {
            stryCov_9fa48("2105");
            k[stryMutAct_9fa48("2106") ? j - 1 : (stryCov_9fa48("2106"), j + 1)] = k[j];
            ix[stryMutAct_9fa48("2107") ? j - 1 : (stryCov_9fa48("2107"), j + 1)] = ix[j];
            stryMutAct_9fa48("2108") ? j++ : (stryCov_9fa48("2108"), j--);
          }
        }
        k[stryMutAct_9fa48("2109") ? j - 1 : (stryCov_9fa48("2109"), j + 1)] = vk;
        ix[stryMutAct_9fa48("2110") ? j - 1 : (stryCov_9fa48("2110"), j + 1)] = vi;
      }
    }
  }
}
function swap(k: Float64Array, ix: Int32Array, a: number, b: number): void {
  if (stryMutAct_9fa48("2111")) {
    {}
  } else {
    stryCov_9fa48("2111");
    const tk = k[a];
    k[a] = k[b];
    k[b] = tk;
    const ti = ix[a];
    ix[a] = ix[b];
    ix[b] = ti;
  }
}