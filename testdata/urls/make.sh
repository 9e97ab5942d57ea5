#!/bin/sh
# make.sh writes urls.txt: 20 000 URLs taken, with "urlgrammar extract", from the text files
# that the installed Debian packages ship under /usr/share/doc (changelogs, copyright files,
# READMEs, NEWS, HTML and Markdown documentation). See README.md.
set -e
ug=${UG:-"go run ../../cmd/urlgrammar"}
doc=${DOC:-/usr/share/doc}
{
	# gzip members concatenated are one gzip stream, which extract reads decompressed.
	find "$doc" -type f -name '*.gz' | LC_ALL=C sort | xargs cat | $ug extract
	find "$doc" -type f \( -name copyright -o -name '*.txt' -o -name 'README*' -o -name 'NEWS*' \
		-o -name 'changelog*' -o -name '*.html' -o -name '*.htm' -o -name '*.md' -o -name '*.rst' \) \
		! -name '*.gz' | LC_ALL=C sort | xargs cat | $ug extract
} | awk '!seen[$0]++' | awk 'NR % 4 == 1' | head -n 20000 > urls.txt
