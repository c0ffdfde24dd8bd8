#!/usr/bin/env bash
# The real-code corpus (tests/realcode/*.c, see README.md): --reach queries on
# functions written the way small C libraries are, each with its verdict.
# A REACHABLE answer must be validated (--validate: the driver compiled and
# run under gcov meets the line); an UNREACHABLE answer must agree with the
# brute force of bf.c (gcov: the line never ran over an exhaustive small
# domain, while the line before it did).  Then --cover branches on a few
# functions, with the gcov branch percentage printed.
#
# make test runs a slice (about 40 s); REALCODE_ONLY='crc8_check|leb_dec_.*'
# runs the queries of those tags and --cover functions; REALCODE_FULL=1 runs every query of
# the corpus, where a refusal (exit 2) or an UNKNOWN is printed as "weak"
# and not counted (it measures what is left to do), while a wrong verdict,
# an unvalidated REACHABLE or a brute-force disagreement fails.
# Run from the repository root with INKA set (make test does).
INKA=${INKA:-./inka-ng}
D=tests/realcode
FULL=${REALCODE_FULL:-0}
TIMEOUT=${REALCODE_TIMEOUT:-30}
ONLY=${REALCODE_ONLY:-}   # a regular expression of tags and function names: only those
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0; failed=0; weak=0

selected() {  # tier name: whether this run asks that query
  if [ -n "$ONLY" ]; then grep -qxE "$ONLY" <<<"$2"; return; fi
  [ "$1" = s ] || [ "$FULL" = 1 ]
}

line_of() {  # file tag: the line holding the marker "T:tag */"
  grep -n "T:$2 \*/" "$D/$1" | cut -d: -f1
}

# Runs bf.c for one file once (BF_JSON, ...), leaving FILE.c.gcov in $work/bf_X.
brute_force() {  # file
  local up dir
  up=$(basename "$1" .c | tr a-z A-Z); dir=$work/bf_$up
  [ -f "$dir/$1.gcov" ] && return 0
  mkdir -p "$dir"
  ( cd "$dir" && gcc -O0 --coverage -DBF_$up -I"$OLDPWD/$D" "$OLDPWD/$D/bf.c" -o prog >/dev/null 2>&1 \
      && ./prog >/dev/null && gcov -o . prog-bf.gcda >/dev/null 2>&1 ) && [ -f "$dir/$1.gcov" ]
}

gcov_count() {  # gcov-file line: the execution count gcov shows for that line
  awk -F: -v l="$2" '$2 + 0 == l { gsub(/ /, "", $1); print $1; exit }' "$1"
}

dead_by_brute_force() {  # file line: 0 when bf.c never ran line but ran line - 1
  local g c prev
  brute_force "$1" || { echo "brute force of $1 failed to build or run"; return 1; }
  g=$work/bf_$(basename "$1" .c | tr a-z A-Z)/$1.gcov
  c=$(gcov_count "$g" "$2"); prev=$(gcov_count "$g" $(($2 - 1)))
  [ "$c" = "#####" ] || { echo "brute force ran $1:$2 ($c times)"; return 1; }
  case $prev in ''|'#####'|'-') echo "brute force never ran $1:$(($2 - 1))"; return 1 ;; esac
}

query() {  # tier(s|f) want(R|U) file tag [flags...]
  local tier=$1 want=$2 file=$3 tag=$4; shift 4
  selected "$tier" "$tag" || return
  local l out st verdict
  l=$(line_of "$file" "$tag")
  [ -n "$l" ] || { echo "FAIL no marker T:$tag in $file"; failed=$((failed + 1)); return; }
  out=$(timeout $((TIMEOUT + 60)) "$INKA" --quiet --timeout "$TIMEOUT" --validate --reach "$l" "$@" "$D/$file" 2>&1); st=$?
  verdict=$(printf '%s\n' "$out" | grep -m1 -oE '^(REACHABLE|UNREACHABLE|UNKNOWN)')
  local where="$file:$l ($tag)"
  if [ "$st" -eq 0 ] && [ "$want" = R ] && grep -q "  validated" <<<"$out"; then
    echo "ok    $where REACHABLE validated"; passed=$((passed + 1))
  elif [ "$st" -eq 1 ] && [ "$want" = U ]; then
    if msg=$(dead_by_brute_force "$file" "$l"); then
      echo "ok    $where UNREACHABLE, brute force agrees"; passed=$((passed + 1))
    else
      echo "FAIL  $where UNREACHABLE but $msg"; failed=$((failed + 1))
    fi
  elif [ "$st" -eq 0 ] && [ "$want" = U ]; then
    echo "FAIL  $where WRONG VERDICT: REACHABLE on a line the brute force never runs"; failed=$((failed + 1))
  elif [ "$st" -eq 1 ] && [ "$want" = R ]; then
    echo "FAIL  $where WRONG VERDICT: UNREACHABLE on a reachable line"; failed=$((failed + 1))
  elif { [ "$FULL" = 1 ] || [ -n "$ONLY" ]; } && [ "$tier" = f ] && { [ "$st" -eq 2 ] || [ "$st" -eq 3 ]; }; then
    echo "weak  $where exit $st: $(printf '%s\n' "$out" | grep -m1 -E 'error:|UNKNOWN' | cut -c1-200)"; weak=$((weak + 1))
  else
    echo "FAIL  $where exit $st, want $want${verdict:+ ($verdict)}"; printf '%s\n' "$out" | head -3
    failed=$((failed + 1))
  fi
}

cover() {  # tier file function
  local tier=$1 file=$2 fn=$3
  selected "$tier" "$fn" || return
  local dir=$work/cover_$fn out st pct
  out=$(timeout $((TIMEOUT + 90)) "$INKA" --quiet --cover branches --function "$fn" --emit-dir "$dir" \
          --validate --timeout "$TIMEOUT" "$D/$file" 2>&1); st=$?
  pct=$(printf '%s\n' "$out" | grep -m1 'functions under test: branches' | grep -oE 'branches [0-9]+/[0-9]+ taken \([0-9.]+%\)')
  if [ -z "$pct" ] || printf '%s\n' "$out" | grep -qE '^validation: .* [1-9][0-9]* bugs'; then
    echo "FAIL  cover $fn ($file) exit $st"; printf '%s\n' "$out" | head -5; failed=$((failed + 1)); return
  fi
  local wrong
  wrong=$(dead_but_taken "$dir" "$file" "$out")
  if [ -n "$wrong" ]; then
    echo "FAIL  cover $fn ($file): WRONG VERDICT: called dead, yet the suite's gcov shows every branch of the line taken:"
    printf '%s\n' "$wrong"; failed=$((failed + 1)); return
  fi
  echo "cover $fn ($file): $pct, exit $st"; passed=$((passed + 1))
}

# The "dead" claims of a --cover run whose line has all its branches taken
# when the suite runs (gcov -b over the emitted suite): a wrong verdict.
dead_but_taken() {  # dir file output
  local dir=$1 file=$2 claim l g
  ( cd "$dir" && gcov -b -o . "$OLDPWD/$D/$file" >/dev/null 2>&1 )
  g=$dir/$file.gcov
  [ -f "$g" ] || return 0
  printf '%s\n' "$3" | grep -E ' \(in [a-z_0-9]+\): dead:' | while read -r claim; do
    l=$(printf '%s\n' "$claim" | sed -E 's/^[^:]*:([0-9]+):.*/\1/')
    awk -v l="$l" '
      $0 ~ /^ *[^ ]+: *[0-9]+:/ { split($0, a, ":"); cur = a[2] + 0; next }
      cur == l && /^branch/ { n++; if ($0 ~ /never executed|taken 0%/) untaken++ }
      END { exit !(n > 0 && untaken == 0) }' "$g" && printf '  %s\n' "${claim%%: dead:*}"
  done
}

# --- json.c
query s R json.c kind_string
query f R json.c kind_number
query f R json.c kind_true
query f R json.c kind_false
query s R json.c kind_null
query f R json.c num_bad_frac
query f R json.c num_exp4
query f R json.c hex4_surrogate
query f U json.c hex4_dead
query f R json.c unesc_wide
query s R json.c unesc_ctrl
query f R json.c unesc_nl_A
query f R json.c nest_too_deep
query f R json.c nest_mismatch
query f R json.c literal_str_x
# --- http.c
query f R http.c method_delete
query s R http.c reqline_post
query f R http.c header_too_long
query f R http.c header_cl
query f R http.c header_close
query s R http.c status_teapot
query s U http.c status_dead
query f R http.c chunk_range
query f R http.c chunk_ext
query f R http.c url_slash
query f R http.c port_8080
# --- codecs.c
query f R codecs.c leb_enc5
query s U codecs.c leb_enc_dead
query s R codecs.c leb_dec_overflow
query f R codecs.c leb_dec_300
query s U codecs.c zigzag_dead
query f R codecs.c zigzag_7
query s R codecs.c b64_enc_TQ
query f R codecs.c b64_dec_one
query f R codecs.c b64_dec_Man
query f U codecs.c b64_dec_dead
query f R codecs.c utf8_overlong
query f R codecs.c utf8_surrogate
query f R codecs.c utf8_too_big
query s R codecs.c utf8_euro
query s U codecs.c utf8_dead
query f R codecs.c utf8_two_multi
query f R codecs.c mp_u16
query f R codecs.c mp_fixstr_short
query f R codecs.c mp_str8_abc
query f R codecs.c hexdump_fa
query s R codecs.c word_beef
# --- checksums.c
query s R checksums.c crc8_5a
query f R checksums.c adler_low
query f U checksums.c adler_dead
query f R checksums.c fletcher_0403
query s U checksums.c fletcher_dead
query f R checksums.c inet_zero
query f R checksums.c nmea_gp
query f R checksums.c nmea_ok
query f R checksums.c luhn_body
query f R checksums.c luhn_ok4
query f U checksums.c luhn_dead
query f R checksums.c parity_odd_hi
query f R checksums.c frame_ok4
# --- text.c
query f R text.c ini_trailing
query f R text.c ini_section
query f R text.c ini_colon2
query s R text.c date_feb29_century
query s U text.c date_dead
query f R text.c doy_366
query f U text.c doy_dead
query f R text.c ring_full
query f R text.c ring_wrap3
query f R text.c ring_pop_ab
query f R text.c parse_erange
query f R text.c parse_out
query f R text.c bool_false
query f R text.c ipv4_loopback
query f R text.c version_equal
query f R text.c tok_binop
query f R text.c words_3
query f R text.c rtrim_x
# --- the minimal repros of what the corpus found (README.md)
query s R repro_u64_counter.c u64_counter
query f R repro_anon_struct_in_union.c anon_struct
query s R repro_stringified_literal.c stringified
query f R repro_strtol_extra_param.c erange_one_param
query f R repro_strtol_extra_param.c erange_two_params
query f R repro_strrchr_atoi.c strchr_atoi
query f R repro_strrchr_atoi.c strrchr_atoi
# --- branch coverage (gcov percentage printed)
cover s checksums.c crc8_check
cover s text.c date_valid
cover f codecs.c utf8_decode
cover f json.c json_token_kind
cover f http.c http_status
cover f text.c ini_line
cover f codecs.c msgpack_read_int
cover f checksums.c nmea_valid
cover f checksums.c adler32_check
cover f checksums.c frame_sum_ok
cover f codecs.c hexdump
cover f codecs.c leb128_decode
{ [ "$FULL" = 1 ] || [ -n "$ONLY" ]; } && echo "weak (refused or UNKNOWN, not counted): $weak"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
