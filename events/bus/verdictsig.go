package bus

import (
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// Signed verdicts. A recorder with a key signs every verdict and status
// reply it sends: two headers carry its public key and its Ed25519
// signature over the message's exact bytes, behind a fixed prefix (so that
// no signature made here passes for an input's or a NATS nonce's). A
// publisher told the recorder's public key believes only messages signed
// by it: a verdict anyone else publishes on chronicle.match.<m>.out is
// ignored, whatever the server's permissions.

// Headers of a signed verdict or status reply.
const (
	HeaderSigner    = "Chronicle-Signer"    // the recorder's public key (nkey form)
	HeaderSignature = "Chronicle-Signature" // base64url, unpadded
)

const verdictSigPrefix = "chronicle verdict v1\x00"

// ErrUnsigned means a verdict or status reply did not carry a valid
// signature by the recorder's key.
var ErrUnsigned = errors.New("not signed by the recorder's key")

// SignReply returns a message carrying data, signed with kp (nil: unsigned).
func SignReply(kp nkeys.KeyPair, subject string, data []byte) (*nats.Msg, error) {
	m := nats.NewMsg(subject)
	m.Data = data
	if kp == nil {
		return m, nil
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return nil, err
	}
	sig, err := kp.Sign(append([]byte(verdictSigPrefix), data...))
	if err != nil {
		return nil, err
	}
	m.Header.Set(HeaderSigner, pub)
	m.Header.Set(HeaderSignature, base64.RawURLEncoding.EncodeToString(sig))
	return m, nil
}

// VerifyReply checks that m is signed by the key pub.
func VerifyReply(pub string, m *nats.Msg) error {
	if m.Header.Get(HeaderSigner) != pub {
		return fmt.Errorf("%w (signer %q)", ErrUnsigned, m.Header.Get(HeaderSigner))
	}
	sig, err := base64.RawURLEncoding.DecodeString(m.Header.Get(HeaderSignature))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnsigned, err)
	}
	kp, err := nkeys.FromPublicKey(pub)
	if err != nil {
		return fmt.Errorf("recorder key %q: %v", pub, err)
	}
	if err := kp.Verify(append([]byte(verdictSigPrefix), m.Data...), sig); err != nil {
		return fmt.Errorf("%w: bad signature", ErrUnsigned)
	}
	return nil
}
