//go:build tools

package urlgrammar

import _ "github.com/pointlander/peg"
