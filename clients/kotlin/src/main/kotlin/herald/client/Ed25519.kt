package herald.client

import java.math.BigInteger
import java.security.KeyFactory
import java.security.MessageDigest
import java.security.Signature
import java.security.spec.X509EncodedKeySpec

/** The two primitives a signed channel is checked with (docs/signing.md). */
internal interface SignatureChecking {
    /** Whether a 64-byte Ed25519 signature of a message verifies under a raw 32-byte public key. */
    fun verify(publicKey: ByteArray, message: ByteArray, signature: ByteArray): Boolean

    /** The SHA-256 of some bytes (every JVM and Android has it). */
    fun sha256(bytes: ByteArray): ByteArray = MessageDigest.getInstance("SHA-256").digest(bytes)

    companion object {
        /** The JCA's Ed25519 where the platform has it (Java 15+, recent Android), else this library's own. */
        val detected: SignatureChecking by lazy {
            try {
                Signature.getInstance("Ed25519")
                KeyFactory.getInstance("Ed25519")
                JcaEd25519
            } catch (error: java.security.GeneralSecurityException) {
                OwnEd25519
            }
        }

        /** A verifier chosen in place of the detected one (the tests run every signed case through each). */
        @Volatile
        var chosen: SignatureChecking? = null

        /** The verifier in use. */
        val platform: SignatureChecking get() = chosen ?: detected
    }
}

/** Ed25519 from the JCA. */
internal object JcaEd25519 : SignatureChecking {
    /** The DER prefix of an Ed25519 SubjectPublicKeyInfo, before the raw 32 bytes. */
    private val prefix = byteArrayOf(0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00)

    override fun verify(publicKey: ByteArray, message: ByteArray, signature: ByteArray): Boolean = try {
        if (publicKey.size != 32 || signature.size != 64) {
            false
        } else {
            val key = KeyFactory.getInstance("Ed25519").generatePublic(X509EncodedKeySpec(prefix + publicKey))
            val verifier = Signature.getInstance("Ed25519")
            verifier.initVerify(key)
            verifier.update(message)
            verifier.verify(signature)
        }
    } catch (error: Exception) {
        false
    }
}

/**
 * Ed25519 verification (RFC 8032, §5.1.7) over BigInteger, for a platform without the JCA's: the
 * cofactorless check OpenSSL and the JCA make, R compared by its encoding, S below the group
 * order, the public key a point of the curve.
 */
internal object OwnEd25519 : SignatureChecking {
    private val p = BigInteger.ONE.shiftLeft(255) - BigInteger.valueOf(19)
    private val order = BigInteger.ONE.shiftLeft(252) + BigInteger("27742317777372353535851937790883648493")
    private val d = (BigInteger.valueOf(-121665) * BigInteger.valueOf(121666).modInverse(p)).mod(p)
    private val sqrtMinusOne = BigInteger.valueOf(2).modPow((p - BigInteger.ONE).shiftRight(2), p)
    private val two = BigInteger.valueOf(2)

    /** A point in extended coordinates. */
    private class Point(val x: BigInteger, val y: BigInteger, val z: BigInteger, val t: BigInteger)

    private val base: Point = run {
        val x = BigInteger("15112221349535400772501151409588531511454012693041857206046113283949847762202")
        val y = BigInteger("46316835694926478169428394003475163141307993866256225615783033603165251855960")
        Point(x, y, BigInteger.ONE, (x * y).mod(p))
    }

    private fun add(a: Point, b: Point): Point {
        val aa = ((a.y - a.x) * (b.y - b.x)).mod(p)
        val bb = ((a.y + a.x) * (b.y + b.x)).mod(p)
        val cc = (two * d * a.t * b.t).mod(p)
        val dd = (two * a.z * b.z).mod(p)
        val e = bb - aa
        val f = dd - cc
        val g = dd + cc
        val h = bb + aa
        return Point((e * f).mod(p), (g * h).mod(p), (f * g).mod(p), (e * h).mod(p))
    }

    private fun multiply(point: Point, scalar: BigInteger): Point {
        var result = Point(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE, BigInteger.ZERO)
        var addend = point
        for (bit in 0 until scalar.bitLength()) {
            if (scalar.testBit(bit)) result = add(result, addend)
            addend = add(addend, addend)
        }
        return result
    }

    private fun littleEndian(bytes: ByteArray): BigInteger = BigInteger(1, bytes.reversedArray())

    private fun encode(point: Point): ByteArray {
        val inverse = point.z.modInverse(p)
        val x = (point.x * inverse).mod(p)
        val y = (point.y * inverse).mod(p)
        val big = y.toByteArray().reversedArray()
        val out = ByteArray(32)
        for (i in 0 until minOf(32, big.size)) out[i] = big[i]
        if (x.testBit(0)) out[31] = (out[31].toInt() or 0x80).toByte()
        return out
    }

    /** The point a 32-byte encoding names (RFC 8032, §5.1.3), or null. */
    private fun decode(bytes: ByteArray): Point? {
        val sign = (bytes[31].toInt() shr 7) and 1
        val copy = bytes.copyOf()
        copy[31] = (copy[31].toInt() and 0x7f).toByte()
        val y = littleEndian(copy)
        if (y >= p) return null
        val u = (y * y - BigInteger.ONE).mod(p)
        val v = (d * y * y + BigInteger.ONE).mod(p)
        val exponent = (p - BigInteger.valueOf(5)).shiftRight(3)
        var x = (u * v.modPow(BigInteger.valueOf(3), p) * (u * v.modPow(BigInteger.valueOf(7), p)).modPow(exponent, p)).mod(p)
        val check = (v * x * x).mod(p)
        if (check != u) {
            if (check != u.negate().mod(p)) return null
            x = (x * sqrtMinusOne).mod(p)
        }
        if (x.signum() == 0 && sign == 1) return null
        if ((if (x.testBit(0)) 1 else 0) != sign) x = p - x
        return Point(x, y, BigInteger.ONE, (x * y).mod(p))
    }

    override fun verify(publicKey: ByteArray, message: ByteArray, signature: ByteArray): Boolean {
        if (publicKey.size != 32 || signature.size != 64) return false
        val key = decode(publicKey) ?: return false
        val s = littleEndian(signature.copyOfRange(32, 64))
        if (s >= order) return false
        val digest = MessageDigest.getInstance("SHA-512")
        digest.update(signature, 0, 32)
        digest.update(publicKey)
        digest.update(message)
        val k = littleEndian(digest.digest()).mod(order)
        // R' = [S]B - [k]A, compared with R by encoding.
        val negated = Point(key.x.negate().mod(p), key.y, key.z, key.t.negate().mod(p))
        val expected = encode(add(multiply(base, s), multiply(negated, k)))
        return MessageDigest.isEqual(expected, signature.copyOfRange(0, 32))
    }
}
