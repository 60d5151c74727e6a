package bus

import (
	"sort"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
)

// Who may do what on a Chronicle deployment's NATS. Each kind of user has
// a Role; Grants says which subjects it may publish and subscribe to. The
// same grants serve the embedded server (ServerPermissions) and an
// operator's nats-server configuration (users.go writes it), so that the
// two never drift apart. To give a new kind of client its rights (a
// viewer reading over request and reply, say), add a Role and its case in
// RoleGrants.
//
// Every user's replies come to an inbox of its own, _INBOX.<user>.>, where
// <user> is its nkey's public key (or its user name): no client can read
// another's replies, or learn their subjects to answer in their place.
// Clients set it with InboxPrefix.

// Role is a kind of NATS user.
type Role string

const (
	// RoleRecorder consumes the input stream, answers status requests and
	// publishes verdicts; only it may publish verdicts. It may not delete
	// or purge.
	RoleRecorder Role = "recorder"
	// RoleTable is a game server: it publishes the inputs of every match
	// (its own table facts, and its players' decisions as they reach it),
	// asks the recorder for status and reads every verdict.
	RoleTable Role = "table"
	// RolePlayer publishes the inputs of one match only, asks for that
	// match's status and reads its verdicts. It may not read the stream.
	RolePlayer Role = "player"
	// RoleOperator may do anything, deleting and purging included.
	RoleOperator Role = "operator"
	// RoleJudge reads every match over the read service, as anyone
	// (replay --nats, replay serve --nats), and makes branches there; it
	// publishes no input and touches no stream. A player's user reads its
	// own match only, as that player or as the public (PlayerGrants).
	RoleJudge Role = "judge"
)

// JetStream API subjects.
const (
	jsAPI      = "$JS.API."
	jsStream   = jsAPI + "STREAM."
	jsDirect   = jsAPI + "DIRECT.GET."
	jsAckInput = "$JS.ACK." + StreamName + ".>"
)

// Grants are a user's rights. Empty lists allow nothing; Full allows
// everything (the operator).
type Grants struct {
	Full          bool
	Publish       []string
	DenyPublish   []string
	Subscribe     []string
	DenySubscribe []string
	// Replies lets the user answer requests it received, on whatever
	// reply subject they name: once each, or with ManyReplies any number
	// of times within the server's response window (the read service's
	// answers come in chunks).
	Replies     bool
	ManyReplies bool
}

// InboxPrefix is the inbox prefix of the user named user (an nkey's public
// key or a user name): its replies come to InboxPrefix(user)+".>".
func InboxPrefix(user string) string {
	if user == "" {
		return "_INBOX"
	}
	return "_INBOX." + user
}

// RoleGrants returns the grants of a role. user names the user (its inbox);
// match is the player's match (RolePlayer only).
func RoleGrants(role Role, user, match string) Grants {
	inbox := InboxPrefix(user) + ".>"
	switch role {
	case RoleOperator:
		return Grants{Full: true}
	case RoleRecorder:
		return Grants{
			Publish: []string{jsAPI + ">", jsAckInput, OutSubject("*"), HeadWild},
			DenyPublish: []string{
				jsStream + "DELETE.>", jsStream + "PURGE.>", jsStream + "MSG.DELETE.>",
			},
			Subscribe:   []string{inbox, StatusWild, ReadAll, WriteAll, ServiceDiscovery},
			Replies:     true,
			ManyReplies: true,
		}
	case RoleJudge:
		return Grants{
			Publish:   []string{ReadAll, WriteAll, ServiceDiscovery},
			Subscribe: []string{inbox, HeadWild},
		}
	case RoleTable:
		return Grants{
			Publish: []string{
				InWildcard, StatusWild,
				jsAPI + "INFO", jsStream + "INFO." + StreamName,
				jsStream + "MSG.GET." + StreamName, jsDirect + StreamName + ".>",
			},
			Subscribe: []string{inbox, OutSubject("*")},
		}
	case RolePlayer:
		return Grants{
			Publish:   []string{InSubject(match), StatusSubject(match), jsAPI + "INFO", jsStream + "INFO." + StreamName},
			Subscribe: []string{inbox, OutSubject(match)},
		}
	}
	return Grants{} // an unknown role may do nothing
}

// PlayerGrants are the grants of player (its id in the match) of match:
// RolePlayer's, and reading the match over the read service as that player
// or as the public, and hearing its head move.
func PlayerGrants(user, match, player string) Grants {
	g := RoleGrants(RolePlayer, user, match)
	g.Publish = append(g.Publish, ReadMatchWild(match, player), ReadMatchWild(match, "public"))
	g.Subscribe = append(g.Subscribe, HeadSubject(match))
	return g
}

// ServerPermissions is g for an embedded server's user; nil for Full.
func (g Grants) ServerPermissions() *server.Permissions {
	if g.Full {
		return nil
	}
	p := &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: g.Publish, Deny: g.DenyPublish},
		Subscribe: &server.SubjectPermission{Allow: g.Subscribe, Deny: g.DenySubscribe},
	}
	if g.Replies {
		p.Response = &server.ResponsePermission{MaxMsgs: 1}
		if g.ManyReplies {
			p.Response.MaxMsgs = -1 // any number
		}
	}
	return p
}

// conf writes g as a nats-server configuration permissions block.
func (g Grants) conf(indent string) string {
	if g.Full {
		return ""
	}
	var b strings.Builder
	list := func(name string, allow, deny []string) {
		b.WriteString(indent + name + ": {\n")
		b.WriteString(indent + "  allow: " + quoteList(allow) + "\n")
		if len(deny) > 0 {
			b.WriteString(indent + "  deny: " + quoteList(deny) + "\n")
		}
		b.WriteString(indent + "}\n")
	}
	list("publish", g.Publish, g.DenyPublish)
	list("subscribe", g.Subscribe, g.DenySubscribe)
	switch {
	case g.ManyReplies:
		b.WriteString(indent + "allow_responses: { max: -1 }\n")
	case g.Replies:
		b.WriteString(indent + "allow_responses: true\n")
	}
	return b.String()
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = `"` + s + `"`
	}
	sort.Strings(q)
	return "[" + strings.Join(q, ", ") + "]"
}
