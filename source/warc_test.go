package source

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/source/sourcetest"
)

type field = sourcetest.Field

// annexRecords are the example records of ISO 28500's annex of examples (WARC/1.1, Annex D),
// with the fields as the examples give them and their blocks made here: the examples elide
// binary data, so a block of the example's Content-Length stands in for it.
func annexRecords(version string) [][]byte {
	const logo = "http://www.archive.org/images/logoc.jpg"
	blob := func(n int) []byte { return bytes.Repeat([]byte{0xff}, n) }
	info := "software: Heritrix 1.12.0 http://crawler.archive.org\r\n" +
		"hostname: crawling017.archive.org\r\n" +
		"ip: 207.241.227.234\r\n" +
		"isPartOf: testcrawl-20050708\r\n" +
		"description: testcrawl with WARC output\r\n" +
		"operator: IA_Admin\r\n" +
		"http-header-user-agent: Mozilla/5.0 (compatible; heritrix/1.4.0 +http://crawler.archive.org)\r\n" +
		"format: WARC file version 1.1\r\n" +
		"conformsTo: http://bibnum.bnf.fr/WARC/WARC_ISO_28500_version1-1_latestdraft.pdf\r\n"
	request := "GET /images/logoc.jpg HTTP/1.0\r\n" +
		"User-Agent: Mozilla/5.0 (compatible; heritrix/1.10.0)\r\n" +
		"From: stack@example.org\r\n" +
		"Connection: close\r\n" +
		"Referer: http://www.archive.org/\r\n" +
		"Host: www.archive.org\r\n" +
		"Cookie: PHPSESSID=009d7bb11022f80605aa87e18224d824\r\n\r\n"
	response := "HTTP/1.1 200 OK\r\n" +
		"Date: Tue, 19 Sep 2006 17:18:40 GMT\r\n" +
		"Server: Apache/2.0.54 (Ubuntu)\r\n" +
		"Last-Modified: Mon, 16 Jun 2003 22:28:51 GMT\r\n" +
		"ETag: \"3e45-67e-2ed02ec0\"\r\n" +
		"Accept-Ranges: bytes\r\n" +
		"Content-Length: 1662\r\n" +
		"Connection: close\r\n" +
		"Content-Type: image/jpeg\r\n\r\n"
	return [][]byte{
		sourcetest.Record(version, []field{
			{"WARC-Type", "warcinfo"},
			{"WARC-Date", "2006-09-19T17:20:14Z"},
			{"WARC-Record-ID", "<urn:uuid:d7ae5c10-e6b3-4d27-967d-34780c58ba39>"},
			{"Content-Type", "application/warc-fields"},
		}, []byte(info)),
		sourcetest.Record(version, []field{
			{"WARC-Type", "request"},
			{"WARC-Target-URI", logo},
			{"WARC-Warcinfo-ID", "<urn:uuid:d7ae5c10-e6b3-4d27-967d-34780c58ba39>"},
			{"WARC-Date", "2006-09-19T17:20:24Z"},
			{"Content-Type", "application/http;msgtype=request"},
			{"WARC-Concurrent-To", "<urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>"},
			{"WARC-Record-ID", "<urn:uuid:4885803b-eebd-4b27-a090-144450c11594>"},
		}, []byte(request)),
		sourcetest.Record(version, []field{
			{"WARC-Type", "response"},
			{"WARC-Target-URI", logo},
			{"WARC-Date", "2006-09-19T17:20:24Z"},
			{"WARC-Block-Digest", "sha1:UZY6ND6CCHXETFVJD2MSS7ZENMWF7KQ2"},
			{"WARC-Payload-Digest", "sha1:CCHXETFVJD2MUZY6ND6SS7ZENMWF7KQ2"},
			{"WARC-IP-Address", "207.241.233.58"},
			{"WARC-Record-ID", "<urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>"},
			{"Content-Type", "application/http;msgtype=response"},
			{"WARC-Identified-Payload-Type", "image/jpeg"},
		}, append([]byte(response), blob(1662)...)),
		sourcetest.Record(version, []field{
			{"WARC-Type", "resource"},
			{"WARC-Target-URI", "file://var/www/htdoc/images/logoc.jpg"},
			{"WARC-Date", "2006-09-19T17:20:24Z"},
			{"WARC-Record-ID", "<urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>"},
			{"Content-Type", "image/jpeg"},
			{"WARC-Payload-Digest", "sha1:CCHXETFVJD2MUZY6ND6SS7ZENMWF7KQ2"},
			{"WARC-Block-Digest", "sha1:CCHXETFVJD2MUZY6ND6SS7ZENMWF7KQ2"},
		}, blob(1662)),
		sourcetest.Record(version, []field{
			{"WARC-Type", "metadata"},
			{"WARC-Target-URI", logo},
			{"WARC-Date", "2006-09-19T17:20:24Z"},
			{"WARC-Record-ID", "<urn:uuid:16da6da0-bcdc-49c3-927e-57494593b943>"},
			{"WARC-Concurrent-To", "<urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>"},
			{"Content-Type", "application/warc-fields"},
			{"WARC-Block-Digest", "sha1:VXT4AF5BBZVHDYKNC2CSM8TEAWDB6CH8"},
		}, []byte("via: http://www.archive.org/\r\nhopsFromSeed: E\r\nfetchTimeMs: 565\r\n")),
		sourcetest.Record(version, []field{
			{"WARC-Type", "revisit"},
			{"WARC-Target-URI", logo},
			{"WARC-Date", "2007-03-06T00:43:35Z"},
			{"WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"},
			{"WARC-Refers-To-Target-URI", logo},
			{"WARC-Refers-To-Date", "2006-09-19T17:20:24Z"},
			{"WARC-Payload-Digest", "sha1:UZY6ND6CCHXETFVJD2MSS7ZENMWF7KQ2"},
			{"WARC-Record-ID", "<urn:uuid:16da6da0-bcdc-49c3-927e-57494593bbbb>"},
			{"Content-Type", "application/http;msgtype=response"},
		}, []byte(strings.Replace(response, "200 OK", "200 OK", 1))),
		sourcetest.Record(version, []field{
			{"WARC-Type", "conversion"},
			{"WARC-Target-URI", logo},
			{"WARC-Date", "2016-09-19T19:00:40Z"},
			{"WARC-Record-ID", "<urn:uuid:16da6da0-bcdc-49c3-927e-57494593dddd>"},
			{"WARC-Refers-To", "<urn:uuid:92283950-ef2f-4d72-b224-f54c6ec90bb0>"},
			{"WARC-Block-Digest", "sha1:XQMRY75YY42ZWC6JAT6KNXKD37F7MOEK"},
			{"Content-Type", "image/neoimg"},
		}, blob(934)),
		sourcetest.Record(version, []field{
			{"WARC-Type", "continuation"},
			{"WARC-Target-URI", logo},
			{"WARC-Date", "2006-09-19T17:20:24Z"},
			{"WARC-Block-Digest", "sha1:T7HXETFVA92MSS7ZENMFZY6ND6WF7KB7"},
			{"WARC-Record-ID", "<urn:uuid:70653950-a77f-b212-e434-7a7c6ec909ef>"},
			{"WARC-Segment-Origin-ID", "<urn:uuid:39509228-ae2f-11b2-763a-aa4c6ec90bb0>"},
			{"WARC-Segment-Number", "2"},
			{"WARC-Segment-Total-Length", "1902"},
			{"WARC-Identified-Payload-Type", "image/jpeg"},
		}, blob(22)),
	}
}

// TestWARCAnnexExamples: the specification's example records, under both version lines, plain
// and gzip (one member per record): each record but the warcinfo gives its WARC-Target-URI,
// none of their payloads is HTML, and each record's offset is where it begins.
func TestWARCAnnexExamples(t *testing.T) {
	for _, version := range []string{"WARC/1.0", "WARC/1.1"} {
		recs := annexRecords(version)
		var plain []byte
		var offsets []int64
		for _, r := range recs {
			offsets = append(offsets, int64(len(plain)))
			plain = append(plain, r...)
		}
		gz, members := sourcetest.Gzip(recs...)
		for _, file := range []struct {
			name string
			data []byte
		}{{"plain", plain}, {"gzip", gz}} {
			got, errs := collect(t, WARC(bytes.NewReader(file.data), "annex.warc"))
			if len(errs) > 0 {
				t.Fatalf("%s %s: %v", version, file.name, errs)
			}
			types := []string{"request", "response", "resource", "metadata", "revisit", "conversion", "continuation"}
			if len(got) != len(types) {
				t.Fatalf("%s %s: %d URLs, want %d: %v", version, file.name, len(got), len(types), got)
			}
			for i, u := range got {
				w := u.Where
				wantURI := "http://www.archive.org/images/logoc.jpg"
				if types[i] == "resource" {
					wantURI = "file://var/www/htdoc/images/logoc.jpg"
				}
				if u.Text != wantURI || w.Attr != "WARC-Target-URI" || w.Type != types[i] || w.Record != wantURI || w.Offset != offsets[i+1] {
					t.Errorf("%s %s: URL %d: %q %+v, want %s of a %s record at %d", version, file.name, i, u.Text, w, wantURI, types[i], offsets[i+1])
				}
				if file.name == "gzip" && (w.Member == nil || *w.Member != members[i+1]) {
					t.Errorf("%s gzip: URL %d: member %v, want %d", version, i, w.Member, members[i+1])
				}
			}
		}
	}
}

// page is an HTML page of 1996 with a <BASE>, a relative reference and an absolute one.
const page = "<HTML><HEAD><BASE HREF=\"http://www.w3.org/pub/WWW/\"></HEAD>\n" +
	"<BODY><A HREF=Addressing/>Addressing</A>\n<A HREF=\"gopher://gopher.example.org/\">Gopher</A>\n</BODY></HTML>\n"

// pageURLs checks that got holds page's URLs of a record from uri at offset off.
func pageURLs(t *testing.T, got []URL, uri string, off int64) {
	t.Helper()
	want := []struct {
		text, el string
		line     int
	}{{uri, "", 0}, {"http://www.w3.org/pub/WWW/", "base", 1}, {"Addressing/", "a", 2}, {"gopher://gopher.example.org/", "a", 3}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i, w := range want {
		u := got[i]
		if u.Text != w.text || u.Where.Element != w.el || u.Where.Line != w.line || u.Where.Offset != off || u.Where.Record != uri || u.Where.Type != "response" {
			t.Errorf("URL %d: %q %+v, want %q <%s> line %d at %d", i, u.Text, u.Where, w.text, w.el, w.line, off)
		}
	}
	if got[2].Where.Base != "http://www.w3.org/pub/WWW/" {
		t.Errorf("base: %+v", got[2].Where)
	}
}

// TestWARCEncodings: an HTML response's body is read through the chunked transfer coding
// (RFC 9112 section 7.1) and the gzip and deflate content codings (RFC 9110 section 8.4.1),
// and as written when a crawler wrote it decoded but kept the header.
func TestWARCEncodings(t *testing.T) {
	var gz, zl bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(page))
	zw.Close()
	fw := newZlib(&zl)
	fw.Write([]byte(page))
	fw.Close()
	for _, c := range []struct {
		name   string
		header []field
		body   []byte
	}{
		{"identity", []field{{"Content-Type", "text/html"}}, []byte(page)},
		{"no type", nil, []byte(page)},
		{"chunked", []field{{"Content-Type", "text/html; charset=iso-8859-1"}, {"Transfer-Encoding", "chunked"}}, sourcetest.Chunked([]byte(page), 7)},
		{"gzip", []field{{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}}, gz.Bytes()},
		{"chunked gzip", []field{{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}, {"Transfer-Encoding", "chunked"}}, sourcetest.Chunked(gz.Bytes(), 10)},
		{"deflate", []field{{"Content-Type", "text/html"}, {"Content-Encoding", "deflate"}}, zl.Bytes()},
		{"decoded, headers kept", []field{{"Content-Type", "text/html"}, {"Content-Encoding", "gzip"}, {"Transfer-Encoding", "chunked"}}, []byte(page)},
	} {
		first := sourcetest.Response("http://example.org/", nil, []byte("x"))
		file := append(first, sourcetest.Response("http://www.w3.org/pub/WWW/", c.header, c.body)...)
		got, errs := collect(t, WARC(bytes.NewReader(file), "enc.warc"))
		if len(errs) > 0 {
			t.Errorf("%s: %v", c.name, errs)
			continue
		}
		if len(got) < 1 || got[0].Text != "http://example.org/" {
			t.Errorf("%s: %v", c.name, got)
			continue
		}
		pageURLs(t, got[1:], "http://www.w3.org/pub/WWW/", int64(len(first)))
	}
}

// TestWARCNotHTML: the payloads of other types are not read as HTML.
func TestWARCNotHTML(t *testing.T) {
	file := sourcetest.Response("http://example.org/a.txt", []field{{"Content-Type", "text/plain"}}, []byte(page))
	got, errs := collect(t, WARC(bytes.NewReader(file), "t.warc"))
	if len(errs) > 0 || len(got) != 1 {
		t.Errorf("%v %v", got, errs)
	}
}

// TestWARCDamage: a malformed record, and one cut short, are reported with their offsets and
// skipped, and the records after them are read; in a gzip file, a damaged member too.
func TestWARCDamage(t *testing.T) {
	good := func(i int) []byte {
		return sourcetest.Response(fmt.Sprintf("http://example.org/%d", i), []field{{"Content-Type", "text/html"}}, []byte("<a href=x>"))
	}
	noLength := bytes.Replace(good(1), []byte("Content-Length"), []byte("Content-Lenth"), 1)
	tooLong := bytes.Replace(good(2), []byte("Content-Length: "), []byte("Content-Length: 1"), 1)
	recs := [][]byte{good(0), noLength, good(3), tooLong, good(4)}
	var plain []byte
	var offsets []int64
	for _, r := range recs {
		offsets = append(offsets, int64(len(plain)))
		plain = append(plain, r...)
	}
	uris := func(us []URL) []string {
		var s []string
		for _, u := range us {
			if u.Where.Attr == "WARC-Target-URI" {
				s = append(s, u.Text)
			}
		}
		return s
	}
	errOffsets := func(errs []error) []int64 {
		var s []int64
		for _, err := range errs {
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("not an *Error: %v", err)
				continue
			}
			s = append(s, e.Where.Offset)
		}
		return s
	}

	// Plain: the record without a Content-Length is skipped to the next "WARC/" line. The
	// one whose Content-Length is too long is cut at the next record's header, which is read.
	got, errs := collect(t, WARC(bytes.NewReader(plain), "d.warc"))
	if u := uris(got); !slices.Equal(u, []string{"http://example.org/0", "http://example.org/3", "http://example.org/2", "http://example.org/4"}) {
		t.Errorf("plain: %q", u)
	}
	if o := errOffsets(errs); !slices.Equal(o, []int64{offsets[1], offsets[3]}) {
		t.Errorf("plain: errors at %v, want %v: %v", o, []int64{offsets[1], offsets[3]}, errs)
	}

	// Gzip, one member per record: a malformed record is skipped to the next member; a member
	// cut short is reported and the next member read.
	gz, members := sourcetest.Gzip(recs...)
	got, errs = collect(t, WARC(bytes.NewReader(gz), "d.warc.gz"))
	if u := uris(got); !slices.Equal(u, []string{"http://example.org/0", "http://example.org/3", "http://example.org/2", "http://example.org/4"}) {
		t.Errorf("gzip: %q", u)
	}
	var errMembers []int64
	for _, err := range errs {
		var e *Error
		if errors.As(err, &e) && e.Where.Member != nil {
			errMembers = append(errMembers, *e.Where.Member)
		}
	}
	if !slices.Equal(errMembers, []int64{members[1], members[3]}) {
		t.Errorf("gzip: errors in members %v, want %v: %v", errMembers, []int64{members[1], members[3]}, errs)
	}

	// A member cut short: reported with the member's offset and where reading goes on, at
	// the next gzip header found after the damage; the records from there on are read.
	recs = [][]byte{good(0), good(1), good(2), good(3), good(4)}
	gz, members = sourcetest.Gzip(recs...)
	cut := append(slices.Clone(gz[:members[2]-10]), gz[members[2]:]...)
	got, errs = collect(t, WARC(bytes.NewReader(cut), "cut.warc.gz"))
	var e *Error
	var me *memberError
	if len(errs) != 1 || !errors.As(errs[0], &e) || e.Where.Member == nil || *e.Where.Member != members[1] || !errors.As(errs[0], &me) {
		t.Fatalf("gzip cut: %v", errs)
	}
	// Record 1's header comes before the damage at its member's end, and is read.
	want := []string{"http://example.org/0", "http://example.org/1"}
	for i, m := range members[2:] {
		if m-10 >= me.resume { // the members at and after the resumption, in the cut file
			want = append(want, fmt.Sprintf("http://example.org/%d", i+2))
		}
	}
	if u := uris(got); !slices.Equal(u, want) || len(want) < 4 {
		t.Errorf("gzip cut: %q, want %q (resumed at %d)", u, want, me.resume)
	}

	// Truncated at the end: the last record is reported, with its offset.
	plain, offsets = nil, nil
	for _, r := range recs {
		offsets = append(offsets, int64(len(plain)))
		plain = append(plain, r...)
	}
	got, errs = collect(t, WARC(bytes.NewReader(plain[:len(plain)-20]), "t.warc"))
	if o := errOffsets(errs); len(o) != 1 || o[0] != offsets[4] {
		t.Errorf("truncated: errors %v", errs)
	}
	if u := uris(got); len(u) != 5 {
		t.Errorf("truncated: %q", u)
	}
}

// TestWARCBadInput: empty input, garbage, NUL bytes and a huge Content-Length neither panic nor
// make up URLs.
func TestWARCBadInput(t *testing.T) {
	for _, in := range []string{"", "\x00\x00\x00", "WARC/1.1\r\n", "WARC/1.1\r\nContent-Length: 99999999999\r\n\r\nabc", "\x1f\x8b\x08garbage", strings.Repeat("\xff", 1<<17)} {
		got, _ := collect(t, WARC(strings.NewReader(in), "bad"))
		if len(got) > 0 {
			t.Errorf("%.20q: %v", in, got)
		}
	}
}

// TestWARCStop: a consumer that stops early is not called again.
func TestWARCStop(t *testing.T) {
	file := append(sourcetest.Response("http://a.example/", []field{{"Content-Type", "text/html"}}, []byte(page)), sourcetest.Response("http://b.example/", nil, []byte(page))...)
	for n := 1; n <= 8; n++ {
		i := 0
		for range WARC(bytes.NewReader(file), "s") {
			i++
			if i == n {
				break
			}
		}
	}
}

func newZlib(w *bytes.Buffer) *zlib.Writer { return zlib.NewWriter(w) }

// TestWARCContentLengthTooLarge: a record whose Content-Length runs past the next records'
// headers is cut at the first of them and reported, with its offset, and every record after
// it yields its own URLs, with its own offset and target URI: plain, gzip whole, gzip one
// member per record (where the member's end bounds the damaged record), with LF line ends,
// with a length too large by 2 (the cut falls in the CRLFs that end the record), and with a
// damaged page longer than maxBuffered (tokenized as the file is read).
func TestWARCContentLengthTooLarge(t *testing.T) {
	pageOf := func(i, links int) []byte {
		var p strings.Builder
		for j := range links {
			fmt.Fprintf(&p, "<a href=http://r%d.example/%d>link %d of record %d</a>\n", i, j, j, i)
		}
		return []byte(p.String())
	}
	uri := func(i int) string { return fmt.Sprintf("http://r%d.example/", i) }
	type rec struct {
		data  []byte
		links int
	}
	build := func(damaged, extra, bigLinks int, lf bool) ([]rec, int) {
		var recs []rec
		for i := range 6 {
			links := 3 + i
			if i == damaged && bigLinks > 0 {
				links = bigLinks
			}
			r := sourcetest.Response(uri(i), []field{{"Content-Type", "text/html"}}, pageOf(i, links))
			if lf {
				r = bytes.ReplaceAll(r, []byte("\r\n"), []byte("\n"))
				// The Content-Length is the block's, whose CRLFs are LFs now.
				r = fixLength(t, r)
			}
			if i == damaged {
				r = addToLength(t, r, extra)
			}
			recs = append(recs, rec{r, links})
		}
		return recs, damaged
	}
	check := func(name string, file []byte, recs []rec, damaged int, offsets []int64, cut bool) {
		t.Helper()
		got, errs := collect(t, WARC(bytes.NewReader(file), "d.warc"))
		if len(errs) != 1 {
			t.Fatalf("%s: errors %v, want one, at record %d", name, errs, damaged)
		}
		var e *Error
		if !errors.As(errs[0], &e) || e.Where.Record != uri(damaged) || offsets != nil && e.Where.Offset != offsets[damaged] {
			t.Errorf("%s: error %v, want one of record %d at %d", name, errs[0], damaged, offsets[damaged])
		}
		if cut != strings.Contains(errs[0].Error(), "runs past the header of the record at offset") {
			t.Errorf("%s: error %q, cut %v", name, errs[0], cut)
		}
		// Every record's target URI and links, each under its own record.
		var want, have []string
		for i, r := range recs {
			want = append(want, fmt.Sprintf("%s of %s", uri(i), uri(i)))
			for j := range r.links {
				want = append(want, fmt.Sprintf("http://r%d.example/%d of %s", i, j, uri(i)))
			}
		}
		for _, u := range got {
			have = append(have, fmt.Sprintf("%s of %s", u.Text, u.Where.Record))
			if i := slices.Index(offsets, u.Where.Offset); offsets != nil && (i < 0 || u.Where.Record != uri(i)) {
				t.Errorf("%s: %q at offset %d, of %s: not that record's offset", name, u.Text, u.Where.Offset, u.Where.Record)
			}
		}
		if !slices.Equal(have, want) {
			t.Errorf("%s:\n got %q\nwant %q", name, have, want)
		}
	}
	join := func(recs []rec) ([]byte, []int64) {
		var file []byte
		var offsets []int64
		for _, r := range recs {
			offsets = append(offsets, int64(len(file)))
			file = append(file, r.data...)
		}
		return file, offsets
	}
	for _, c := range []struct {
		name                string
		damaged, extra, big int
		lf                  bool
	}{
		{"plain, 3 records swallowed", 1, 3000, 0, false},
		{"plain, the last record's header swallowed", 4, 400, 0, false},
		{"plain, the first record", 0, 100000, 0, false},
		{"plain, 2 bytes too many", 2, 2, 0, false},
		{"plain, LF line ends", 2, 1000, 0, true},
		{"plain, a damaged page longer than maxBuffered", 1, 5000, 9000, false},
	} {
		recs, damaged := build(c.damaged, c.extra, c.big, c.lf)
		file, offsets := join(recs)
		// Too large by 2, the block ends inside the CRLFs after it, where no CRLF CRLF
		// follows: malformed, and reading goes on at the next "WARC/" line.
		cut := c.extra > 2
		check(c.name, file, recs, damaged, offsets, cut)
		// The same file gzipped whole: one member, records inside it.
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(file)
		zw.Close()
		check(c.name+", gzip whole", gz.Bytes(), recs, damaged, offsets, cut)
	}
	// One member per record: the damaged record ends where its member does, reported as cut
	// short; the records after it, each in its member, are read.
	recs, damaged := build(1, 3000, 0, false)
	parts := make([][]byte, len(recs))
	for i, r := range recs {
		parts[i] = r.data
	}
	gz, _ := sourcetest.Gzip(parts...)
	_, offsets := join(recs)
	check("gzip, a member per record", gz, recs, damaged, offsets, false)
}

// addToLength returns the record r with extra added to its Content-Length, its block as it
// was.
func addToLength(t *testing.T, r []byte, extra int) []byte {
	t.Helper()
	i := bytes.Index(r, []byte("Content-Length: ")) + len("Content-Length: ")
	j := i + bytes.IndexAny(r[i:], "\r\n")
	n, err := strconv.Atoi(string(r[i:j]))
	if err != nil {
		t.Fatal(err)
	}
	return slices.Concat(r[:i], []byte(strconv.Itoa(n+extra)), r[j:])
}

// fixLength sets the Content-Length of the record r, whose lines end in LF, to its block's
// length.
func fixLength(t *testing.T, r []byte) []byte {
	t.Helper()
	head, _, _ := bytes.Cut(r, []byte("\n\n"))
	block := len(r) - len(head) - 2 - 2 // the block, less the LF LF that ends the record
	i := bytes.Index(r, []byte("Content-Length: ")) + len("Content-Length: ")
	j := i + bytes.IndexByte(r[i:], '\n')
	return slices.Concat(r[:i], []byte(strconv.Itoa(block)), r[j:])
}

// TestWARCHeaderInPayload: a block is cut only at a record's header in full (the version line
// after an empty line, and the four mandatory fields of ISO 28500 section 5.1 up to an empty
// line): a page that shows part of one, or whose paragraphs begin with "W", is read whole. A
// payload that holds a whole record header of its own is cut there in a plain file, the error
// naming the offset, but not in a file of one gzip member per record, where the member bounds
// the record.
func TestWARCHeaderInPayload(t *testing.T) {
	links := "<a href=http://before.example/>x</a>\n%s\n<a href=http://after.example/>y</a>\n"
	shown := []string{
		"\r\n\r\nWhen the WARC format is read\r\n\r\nWARC/\r\n\r\nWARC/1.0 is old",
		"\r\n\r\nWARC/1.1\r\nWARC-Type: response\r\nContent-Length: 10\r\n\r\n",                                          // no WARC-Date nor WARC-Record-ID
		"\r\n\r\nWARC/1.1\r\nWARC-Type: response\r\nWARC-Date: 2006\r\nWARC-Record-ID: <a>\r\nContent-Length: x\r\n\r\n", // no length
		"\r\n\r\nWARC/1.2\r\nWARC-Type: response\r\nWARC-Date: 2006\r\nWARC-Record-ID: <a>\r\nContent-Length: 1\r\n\r\n",
		"WARC/1.1\r\nWARC-Type: response\r\nWARC-Date: 2006\r\nWARC-Record-ID: <a>\r\nContent-Length: 1\r\n\r\n", // no empty line before
		"\r\n\r\nWARC/1.1\r\nWARC-Type: response\r\nWARC-Date: 2006\r\n<p>WARC-Record-ID: <a>\r\nContent-Length: 1\r\n\r\n",
	}
	for _, s := range shown {
		file := slices.Concat(
			sourcetest.Response("http://a.example/", []field{{"Content-Type", "text/html"}}, []byte(fmt.Sprintf(links, s))),
			sourcetest.Response("http://b.example/", []field{{"Content-Type", "text/html"}}, []byte("<a href=http://b.example/x>")))
		got, errs := collect(t, WARC(bytes.NewReader(file), "p.warc"))
		var texts []string
		for _, u := range got {
			texts = append(texts, u.Text+" of "+u.Where.Record)
		}
		want := []string{"http://a.example/ of http://a.example/", "http://before.example/ of http://a.example/", "http://after.example/ of http://a.example/",
			"http://b.example/ of http://b.example/", "http://b.example/x of http://b.example/"}
		if len(errs) > 0 || !slices.Equal(texts, want) {
			t.Errorf("%q: %q, %v", s, texts, errs)
		}
	}

	// A whole header in the payload, as an archived WARC file has.
	inner := sourcetest.Record("WARC/1.1", []field{{"WARC-Type", "resource"}, {"WARC-Target-URI", "http://inner.example/"},
		{"WARC-Date", "2006-09-19T17:20:24Z"}, {"WARC-Record-ID", "<urn:uuid:00000000-0000-4000-8000-000000000001>"}}, []byte("x"))
	outer := sourcetest.Record("WARC/1.1", []field{{"WARC-Type", "resource"}, {"WARC-Target-URI", "http://outer.example/a.warc"},
		{"WARC-Date", "2006-09-19T17:20:24Z"}, {"WARC-Record-ID", "<urn:uuid:00000000-0000-4000-8000-000000000002>"},
		{"Content-Type", "application/warc"}}, slices.Concat([]byte("head\r\n\r\n"), inner))
	last := sourcetest.Response("http://last.example/", nil, []byte("x"))
	plain := slices.Concat(outer, last)
	got, errs := collect(t, WARC(bytes.NewReader(plain), "w.warc"))
	innerAt := bytes.Index(plain, []byte("WARC/1.1\r\nWARC-Type: resource\r\nWARC-Target-URI: http://inner"))
	var e *Error
	if len(errs) < 1 || !errors.As(errs[0], &e) || e.Where.Offset != 0 || !strings.Contains(errs[0].Error(), fmt.Sprintf("runs past the header of the record at offset %d", innerAt)) {
		t.Errorf("plain: errors %v, want the outer record cut at %d", errs, innerAt)
	}
	if len(got) < 3 || got[1].Text != "http://inner.example/" || got[1].Where.Offset != int64(innerAt) || got[len(got)-1].Text != "http://last.example/" {
		t.Errorf("plain: %v", got)
	}
	gz, _ := sourcetest.Gzip(sourcetest.Response("http://first.example/", nil, []byte("x")), outer, last)
	got, errs = collect(t, WARC(bytes.NewReader(gz), "w.warc.gz"))
	var texts []string
	for _, u := range got {
		texts = append(texts, u.Text)
	}
	if len(errs) > 0 || !slices.Equal(texts, []string{"http://first.example/", "http://outer.example/a.warc", "http://last.example/"}) {
		t.Errorf("gzip, a member per record: %q, %v", texts, errs)
	}
}
